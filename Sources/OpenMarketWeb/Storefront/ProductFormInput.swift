import Foundation
import OpenMarketCore

/// The fields of the upload and edit forms.
enum FormField: String, Sendable, CaseIterable {
    case name, description, price, currency, stock, images, password
    case discountedPrice = "discounted_price"
    case thumbnailID = "thumbnail_id"

    /// The market's rule violations point at the same fields.
    init?(_ field: OpenMarketError.Field?) {
        guard let field else { return nil }
        switch field {
        case .name: self = .name
        case .description: self = .description
        case .price: self = .price
        case .currency: self = .currency
        case .stock: self = .stock
        case .images: self = .images
        case .secret: self = .password
        case .discountedPrice: self = .discountedPrice
        case .thumbnailID: self = .thumbnailID
        }
    }
}

/// What a seller typed, kept as text so a refused form comes back exactly as it was sent.
struct ProductFormInput: Sendable {
    var name = ""
    var description = ""
    var price = ""
    var currency = Currency.krw.rawValue
    var discountedPrice = "0"
    var stock = "1"
    var thumbnailID = ""

    init() {}

    init(form: SubmittedForm) {
        name = form["name"] ?? ""
        // Browsers send textarea line breaks as CRLF; the market stores plain LF.
        description = (form["description"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        price = form["price"] ?? ""
        currency = form["currency"] ?? ""
        discountedPrice = form["discounted_price"] ?? ""
        stock = form["stock"] ?? ""
        thumbnailID = form["thumbnail_id"] ?? ""
    }

    init(product: ProductDetail) {
        name = product.name
        description = product.description
        price = "\(product.price)"
        currency = product.currency.rawValue
        discountedPrice = "\(product.discountedPrice)"
        stock = String(product.stock)
        thumbnailID = product.thumbnailImageID.map(String.init) ?? ""
    }

    /// The draft to create, or every problem at once, in the visitor's language. Mirrors the market's rules so
    /// people get messages in their language before the market is asked; the market checks again.
    func draft(_ strings: Strings) -> Result<ProductDraft, FieldErrors> {
        var errors = FieldErrors()
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !MarketLimits.nameLength.contains(trimmedName.count) {
            errors[.name] = trimmedName.isEmpty && !name.isEmpty ? strings.errNameBlank : strings.errNameLength
        }
        let trimmedDescription = description.trimmingCharacters(in: .whitespacesAndNewlines)
        if !MarketLimits.descriptionLength.contains(trimmedDescription.count) {
            errors[.description] = trimmedDescription.isEmpty && !description.isEmpty ? strings.errDescriptionBlank : strings.errDescriptionLength
        }
        let currency = Currency(rawValue: self.currency)
        if currency == nil { errors[.currency] = strings.errCurrency }
        let price = Self.amount(self.price)
        if let price {
            if price <= 0 || price > Decimal(MarketLimits.maxPrice) {
                errors[.price] = strings.errPricePositive
            } else if let currency, !Self.fits(price, currency) {
                errors[.price] = currency == .krw ? strings.errPriceWon : strings.errPriceCents
            }
        } else {
            errors[.price] = strings.errPriceNumber
        }
        let discount = discountedPrice.trimmingCharacters(in: .whitespaces).isEmpty ? 0 : Self.amount(discountedPrice)
        if let discount {
            if discount < 0 || (price.map { discount > $0 } ?? false) {
                errors[.discountedPrice] = strings.errDiscountRange
            } else if let currency, !Self.fits(discount, currency) {
                errors[.discountedPrice] = currency == .krw ? strings.errPriceWon : strings.errPriceCents
            }
        } else {
            errors[.discountedPrice] = strings.errDiscountNumber
        }
        let stock = Int(self.stock.trimmingCharacters(in: .whitespaces))
        if stock == nil || (stock ?? -1) < 0 || (stock ?? 0) > MarketLimits.maxStock { errors[.stock] = strings.errStock }
        guard errors.isEmpty, let price, let discount, let stock, let currency else { return .failure(errors) }
        return .success(ProductDraft(
            name: trimmedName, description: trimmedDescription, price: price, currency: currency, discountedPrice: discount, stock: stock))
    }

    /// Only what differs from the product as it is, so the PATCH carries just the changed keys.
    func changes(from product: ProductDetail, _ strings: Strings) -> Result<ProductChanges, FieldErrors> {
        var errors: FieldErrors
        var changes = ProductChanges()
        switch draft(strings) {
        case .failure(let failure):
            errors = failure
        case .success(let draft):
            errors = FieldErrors()
            if draft.name != product.name { changes.name = draft.name }
            if draft.description != product.description { changes.description = draft.description }
            if draft.price != product.price { changes.price = draft.price }
            if draft.currency != product.currency { changes.currency = draft.currency }
            if draft.discountedPrice != product.discountedPrice { changes.discountedPrice = draft.discountedPrice }
            if draft.stock != product.stock { changes.stock = draft.stock }
        }
        if !thumbnailID.isEmpty {
            if let id = Int(thumbnailID), product.images.contains(where: { $0.id == id }) {
                if id != product.thumbnailImageID { changes.thumbnailID = id }
            } else {
                errors[.thumbnailID] = strings.errThumbnail
            }
        }
        return errors.isEmpty ? .success(changes) : .failure(errors)
    }

    /// What an edit form asks for: errors to show, nothing to do, or the changes to send.
    enum EditRequest {
        case invalid(FieldErrors)
        case unchanged
        case changes(ProductChanges)
    }

    func editRequest(for product: ProductDetail, _ strings: Strings) -> EditRequest {
        switch changes(from: product, strings) {
        case .failure(let errors): .invalid(errors)
        case .success(let changes): changes.isEmpty ? .unchanged : .changes(changes)
        }
    }

    /// Accepts what people type: `12000`, `12,000`, ` 12.50 `.
    static func amount(_ text: String) -> Decimal? {
        let cleaned = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX")), value.isFinite
        else { return nil }
        return value
    }

    private static func fits(_ amount: Decimal, _ currency: Currency) -> Bool {
        var scaled = amount * pow(Decimal(10), currency.fractionDigits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }
}

/// Messages per form field, in the order the form shows them.
struct FieldErrors: Error, Sendable {
    private var messages: [FormField: String] = [:]

    var isEmpty: Bool { messages.isEmpty }

    subscript(field: FormField) -> String? {
        get { messages[field] }
        set { messages[field] = newValue }
    }

    /// Keeps the first message for a field: ours are more specific than a later, generic one.
    mutating func add(_ message: String, for field: FormField) {
        if messages[field] == nil { messages[field] = message }
    }

    var ordered: [(FormField, String)] {
        FormField.allCases.compactMap { field in messages[field].map { (field, $0) } }
    }
}
