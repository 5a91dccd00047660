import OpenMarketTemplating
import OpenMarketTexts

/// Stock as text, never colour alone: "품절", "3개 남음", emphasised when low.
struct StockText: Sendable {
    static let lowStockThreshold = 3

    var text: String
    var isSoldOut: Bool
    var isLow: Bool
    /// Most second-hand listings are one of a kind, so a card says stock only when sold out or more than one is left.
    var isWorthSaying: Bool

    init(stock: Int, format: Formatting, strings: Strings) {
        isSoldOut = stock == 0
        isLow = stock > 0 && stock <= Self.lowStockThreshold
        isWorthSaying = stock != 1
        text = isSoldOut ? strings[.soldOut] : strings.stockLeft(format.number(stock))
    }
}

extension StockText: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "text": .text(text)
        case "isSoldOut": .bool(isSoldOut)
        case "isLow": .bool(isLow)
        case "isWorthSaying": .bool(isWorthSaying)
        default: nil
        }
    }
}
