import Foundation
import OpenMarketCore

/// A product's price as shown: the sale price, and the struck-through original with the saving when discounted.
struct PriceBlock: Sendable {
    var salePrice: String
    var originalPrice: String
    var hasDiscount: Bool
    var discountRate: String
    var originalLabel: String
    var saleLabel: String
    var discountLabel: String

    init(price: Decimal, discount: Decimal, currency: Currency, format: Formatting, strings: Strings) {
        salePrice = format.price(price - discount, currency: currency)
        originalPrice = format.price(price, currency: currency)
        let rate = format.discountRate(price: price, discount: discount)
        hasDiscount = rate != nil
        discountRate = rate ?? ""
        originalLabel = strings.originalPriceLabel
        saleLabel = strings.salePriceLabel
        discountLabel = strings.discountLabel
    }
}

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
