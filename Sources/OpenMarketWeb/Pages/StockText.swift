import OpenMarketTemplating

/// Stock as text, never colour alone: "품절", "잔여 3개", emphasised when low.
struct StockText: Sendable {
    static let lowStockThreshold = 3

    var text: String
    var isSoldOut: Bool
    var isLow: Bool

    init(stock: Int, format: Formatting, strings: Strings) {
        isSoldOut = stock == 0
        isLow = stock > 0 && stock <= Self.lowStockThreshold
        text = isSoldOut ? strings.soldOut : strings.stockLeft(format.number(stock))
    }
}

extension StockText: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "text": .text(text)
        case "isSoldOut": .bool(isSoldOut)
        case "isLow": .bool(isLow)
        default: nil
        }
    }
}
