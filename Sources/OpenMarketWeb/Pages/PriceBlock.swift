import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

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
        // Into minor units once; everything after is integer work.
        let priceMinor = Formatting.minor(price, currency: currency)
        let discountMinor = Formatting.minor(discount, currency: currency)
        salePrice = format.price(minor: priceMinor - discountMinor, currency: currency)
        originalPrice = format.price(minor: priceMinor, currency: currency)
        let rate = format.discountRate(priceMinor: priceMinor, discountMinor: discountMinor)
        hasDiscount = rate != nil
        discountRate = rate ?? ""
        originalLabel = strings[.originalPriceLabel]
        saleLabel = strings[.salePriceLabel]
        discountLabel = strings[.discountLabel]
    }
}

extension PriceBlock: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "salePrice": .text(salePrice)
        case "originalPrice": .text(originalPrice)
        case "hasDiscount": .bool(hasDiscount)
        case "discountRate": .text(discountRate)
        case "originalLabel": .text(originalLabel)
        case "saleLabel": .text(saleLabel)
        case "discountLabel": .text(discountLabel)
        default: nil
        }
    }
}
