import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// What a seller typed, kept as text so a refused form comes back exactly as it was sent.
struct ProductFormInput: Sendable {
    var name = ""
    var description = ""
    var price = ""
    var currency = Currency.krw.rawValue
    var discountedPrice = "0"
    var stock = "1"
    var thumbnailID = ""
    /// The name the seller lists under (upload form only; kept by the front end, see `SellerNames`).
    var sellerName = ""
    /// On an edit form: the product as the form showed it (the hidden `shown` field), to detect a concurrent change.
    var shown: ShownProduct?

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
        sellerName = form[FormField.seller.rawValue] ?? ""
        shown = ShownProduct(field: form["shown"])
    }

    /// A field's text, by the form's field names.
    subscript(field: FormField) -> String {
        get {
            switch field {
            case .name: name
            case .description: description
            case .price: price
            case .currency: currency
            case .discountedPrice: discountedPrice
            case .stock: stock
            case .thumbnailID: thumbnailID
            case .seller: sellerName
            case .form, .images, .password: ""
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .description: description = newValue
            case .price: price = newValue
            case .currency: currency = newValue
            case .discountedPrice: discountedPrice = newValue
            case .stock: stock = newValue
            case .thumbnailID: thumbnailID = newValue
            case .seller: sellerName = newValue
            case .form, .images, .password: break
            }
        }
    }

    init(product: ProductDetail) {
        name = product.name
        description = product.description
        price = Self.text(product.price, currency: product.currency)
        currency = product.currency.rawValue
        discountedPrice = Self.text(product.discountedPrice, currency: product.currency)
        stock = String(product.stock)
        thumbnailID = product.thumbnailImageID.map(String.init) ?? ""
    }

    /// The draft to create, or every problem at once, in the visitor's language. Typing mistakes (a price that
    /// is not a number) are the form's own; the product rules are the core's `ProductRules`, the same the market
    /// enforces, said here by their codes.
    func draft(_ strings: Strings) -> Result<ProductDraft, FieldErrors> {
        var errors = FieldErrors()
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let trimmedDescription = description.trimmingCharacters(in: .whitespacesAndNewlines)
        let currency = Currency(rawValue: self.currency)
        if currency == nil { errors[.currency] = strings[.errCurrency] }
        let price = Self.amount(self.price)
        if price == nil { errors[.price] = strings[.errPriceNumber] }
        let discount = discountedPrice.trimmingCharacters(in: .whitespaces).isEmpty ? 0 : Self.amount(discountedPrice)
        if discount == nil { errors[.discountedPrice] = strings[.errDiscountNumber] }
        let stock = Int(self.stock.trimmingCharacters(in: .whitespaces))
        if stock == nil { errors[.stock] = strings[.errStock] }
        // Fields that could not be read are checked with a stand-in, so the other fields' rules still speak.
        let fields = ProductRules.Fields(
            name: trimmedName, description: trimmedDescription, price: price ?? 1, currency: currency ?? .krw,
            discountedPrice: discount ?? 0, stock: stock ?? 0)
        if case .failure(.invalid(let violations)) = ProductRules.check(fields) {
            for violation in violations {
                guard let field = FormField(violation.field) else { continue }
                errors.add(message(for: violation, strings), for: field)
            }
        }
        guard errors.isEmpty, let price, let discount, let stock, let currency else { return .failure(errors) }
        return .success(ProductDraft(
            name: trimmedName, description: trimmedDescription, price: price, currency: currency, discountedPrice: discount, stock: stock))
    }

    /// Text that was typed but is only spaces reads as blank rather than as too short.
    private func message(for violation: OpenMarketError.Violation, _ strings: Strings) -> String {
        switch violation.rule {
        case .nameLength(0)? where !name.isEmpty: strings[.errNameBlank]
        case .descriptionLength(0)? where !description.isEmpty: strings[.errDescriptionBlank]
        default: strings.message(for: violation)
        }
    }

    /// The seller's nickname as kept, or the message saying what is wrong with it.
    func seller(_ strings: Strings) -> (name: String?, problem: String?) {
        switch SellerNames.normalized(sellerName) {
        case .success(let name): (name, nil)
        case .failure(.length): (nil, strings[.errSellerLength])
        case .failure(.characters): (nil, strings[.errSellerCharacters])
        }
    }

    /// Whether stock, discount or currency differ from what a listing gets unless told: the form then shows them unfolded.
    var changesMoreSettings: Bool {
        let discount = Self.amount(discountedPrice)
        return stock.trimmingCharacters(in: .whitespaces) != "1" || (discount != nil && discount != 0)
            || (discount == nil && !discountedPrice.trimmingCharacters(in: .whitespaces).isEmpty) || currency != Currency.krw.rawValue
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
                errors[.thumbnailID] = strings[.errThumbnail]
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

    /// An amount as the form shows it: thousands separated (`28,000`), dollars with their cents (`12.50`). The
    /// same in both languages, so what `amount` reads back never depends on the page's language.
    static func text(_ amount: Decimal, currency: Currency) -> String {
        let plain = DecimalText.plain(amount)
        let negative = plain.hasPrefix("-")
        let digits = negative ? plain.dropFirst() : plain[...]
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts.first ?? "0")
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        if currency.fractionDigits > 0 && fraction.count < currency.fractionDigits {
            fraction += String(repeating: "0", count: currency.fractionDigits - fraction.count)
        }
        return (negative ? "-" : "") + grouped + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Accepts what people type: `12000`, `12,000`, ` 12.50 `.
    static func amount(_ text: String) -> Decimal? {
        let cleaned = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX")), value.isFinite
        else { return nil }
        return value
    }
}

extension ProductFormInput: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .text(name)
        case "description": .text(description)
        case "price": .text(price)
        case "currency": .text(currency)
        case "discountedPrice": .text(discountedPrice)
        case "stock": .text(stock)
        case "thumbnailID": .text(thumbnailID)
        case "sellerName": .text(sellerName)
        default: nil
        }
    }
}
