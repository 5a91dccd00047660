import Foundation
import OpenMarketCore

/// The OpenMarket API's rules for a product's fields and photos: the one place the market checks them.
enum ProductRules {
    typealias Violation = OpenMarketError.Violation

    /// A product's fields as they will be stored, checked together (the discount rule spans two fields).
    struct Fields {
        var name: String
        var description: String
        var price: Decimal
        var currency: Currency
        var discountedPrice: Decimal
        var stock: Int
    }

    struct Amounts {
        var priceMinor: Int64
        var discountMinor: Int64
    }

    /// Every violation at once, so a form can show them all; the minor-unit amounts when there is none.
    static func check(_ fields: Fields) -> Result<Amounts, OpenMarketError> {
        var violations: [Violation] = []
        let nameLength = fields.name.count
        if !MarketLimits.nameLength.contains(nameLength) {
            violations.append(Violation(field: .name, message: "The name must be \(MarketLimits.nameLength.lowerBound)–\(MarketLimits.nameLength.upperBound) characters long (it has \(nameLength))."))
        }
        if nameLength > 0 && fields.name.allSatisfy(\.isWhitespace) {
            violations.append(Violation(field: .name, message: "The name must not be only spaces."))
        }
        if containsControlCharacters(fields.name, allowingNewlines: false) {
            violations.append(Violation(field: .name, message: "The name must not contain control characters."))
        }
        let descriptionLength = fields.description.count
        if !MarketLimits.descriptionLength.contains(descriptionLength) {
            violations.append(Violation(field: .description, message: "The description must be \(MarketLimits.descriptionLength.lowerBound)–\(MarketLimits.descriptionLength.upperBound) characters long (it has \(descriptionLength))."))
        }
        if descriptionLength > 0 && fields.description.allSatisfy(\.isWhitespace) {
            violations.append(Violation(field: .description, message: "The description must not be only spaces."))
        }
        if containsControlCharacters(fields.description, allowingNewlines: true) {
            violations.append(Violation(field: .description, message: "The description must not contain control characters."))
        }
        let priceMinor = MinorUnits.from(fields.price, currency: fields.currency)
        if fields.price <= 0 || fields.price > Decimal(MarketLimits.maxPrice) {
            violations.append(Violation(field: .price, message: "The price must be greater than 0 and at most \(MarketLimits.maxPrice)."))
        } else if priceMinor == nil {
            violations.append(Violation(field: .price, message: precisionMessage(fields.currency, what: "price")))
        }
        let discountMinor = MinorUnits.from(fields.discountedPrice, currency: fields.currency)
        if fields.discountedPrice < 0 {
            violations.append(Violation(field: .discountedPrice, message: "The discounted price must not be negative."))
        } else if fields.discountedPrice > fields.price {
            violations.append(Violation(field: .discountedPrice, message: "The discounted price must not exceed the price."))
        } else if discountMinor == nil {
            violations.append(Violation(field: .discountedPrice, message: precisionMessage(fields.currency, what: "discounted price")))
        }
        if fields.stock < 0 || fields.stock > MarketLimits.maxStock {
            violations.append(Violation(field: .stock, message: "The stock must be between 0 and \(MarketLimits.maxStock)."))
        }
        guard violations.isEmpty, let priceMinor, let discountMinor else { return .failure(.invalid(violations)) }
        return .success(Amounts(priceMinor: priceMinor, discountMinor: discountMinor))
    }

    /// Count, size and real type of the photos. Oversize and non-images get their own errors (413, 415).
    static func check(_ images: [ImageUpload]) throws(OpenMarketError) -> [ImageSniffer.Kind] {
        guard MarketLimits.imageCount.contains(images.count) else {
            throw .invalid([Violation(field: .images, message: "A product needs \(MarketLimits.imageCount.lowerBound)–\(MarketLimits.imageCount.upperBound) images (got \(images.count)).")])
        }
        var kinds: [ImageSniffer.Kind] = []
        for (index, image) in images.enumerated() {
            if image.data.count > MarketLimits.maxImageBytes {
                throw .tooLarge("Image \(index + 1) is \(image.data.count) bytes; each image may be at most \(MarketLimits.maxImageBytes) bytes (300 KB).")
            }
            guard let kind = ImageSniffer.kind(of: image.data) else {
                throw .unsupportedMedia("Image \(index + 1) is not a JPEG, PNG, GIF or WebP image.")
            }
            kinds.append(kind)
        }
        return kinds
    }

    private static func precisionMessage(_ currency: Currency, what: String) -> String {
        currency.fractionDigits == 0
            ? "The \(what) in \(currency.rawValue) must be a whole number."
            : "The \(what) in \(currency.rawValue) may have at most \(currency.fractionDigits) decimals."
    }

    private static func containsControlCharacters(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingNewlines && (scalar == "\n" || scalar == "\r" || scalar == "\t") { return false }
            return scalar.properties.generalCategory == .control
        }
    }
}
