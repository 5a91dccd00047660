import Foundation

/// The OpenMarket API's rules for a product's fields: the one place they are written. The market enforces them;
/// forms check them first to answer in the visitor's language, with the same codes.
public enum ProductRules {
    /// A product's fields as they will be stored, checked together (the discount rule spans two fields).
    public struct Fields: Sendable {
        public var name: String
        public var description: String
        public var price: Decimal
        public var currency: Currency
        public var discountedPrice: Decimal
        public var stock: Int

        public init(name: String, description: String, price: Decimal, currency: Currency, discountedPrice: Decimal, stock: Int) {
            self.name = name
            self.description = description
            self.price = price
            self.currency = currency
            self.discountedPrice = discountedPrice
            self.stock = stock
        }
    }

    /// The money amounts in the currency's minor units, ready to store.
    public struct Amounts: Sendable {
        public var priceMinor: Int64
        public var discountMinor: Int64
    }

    /// Every broken rule at once, so a form can show them all; the minor-unit amounts when there is none.
    public static func check(_ fields: Fields) -> Result<Amounts, OpenMarketError> {
        var broken: [ProductRule] = []
        let nameLength = fields.name.count
        if !MarketLimits.nameLength.contains(nameLength) { broken.append(.nameLength(nameLength)) }
        if nameLength > 0 && fields.name.allSatisfy(\.isWhitespace) { broken.append(.nameBlank) }
        if containsControlCharacters(fields.name, allowingNewlines: false) { broken.append(.nameControlCharacters) }
        let descriptionLength = fields.description.count
        if !MarketLimits.descriptionLength.contains(descriptionLength) { broken.append(.descriptionLength(descriptionLength)) }
        if descriptionLength > 0 && fields.description.allSatisfy(\.isWhitespace) { broken.append(.descriptionBlank) }
        if containsControlCharacters(fields.description, allowingNewlines: true) { broken.append(.descriptionControlCharacters) }
        let priceMinor = MinorUnits.from(fields.price, currency: fields.currency)
        if fields.price <= 0 || fields.price > Decimal(MarketLimits.maxPrice) {
            broken.append(.priceRange)
        } else if priceMinor == nil {
            broken.append(.pricePrecision(fields.currency))
        }
        let discountMinor = MinorUnits.from(fields.discountedPrice, currency: fields.currency)
        if fields.discountedPrice < 0 {
            broken.append(.discountNegative)
        } else if fields.discountedPrice > fields.price {
            broken.append(.discountAbovePrice)
        } else if discountMinor == nil {
            broken.append(.discountPrecision(fields.currency))
        }
        if fields.stock < 0 || fields.stock > MarketLimits.maxStock { broken.append(.stockRange) }
        guard broken.isEmpty, let priceMinor, let discountMinor else { return .failure(.invalid(broken.map(OpenMarketError.Violation.init))) }
        return .success(Amounts(priceMinor: priceMinor, discountMinor: discountMinor))
    }

    private static func containsControlCharacters(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingNewlines && (scalar == "\n" || scalar == "\r" || scalar == "\t") { return false }
            return scalar.properties.generalCategory == .control
        }
    }
}
