import OpenMarketCore

/// The fields of the upload and edit forms.
enum FormField: String, Sendable, CaseIterable {
    /// The form as a whole (a full disk), shown in the summary above the fields.
    case form
    // In the order the upload form shows them, which the error summary follows.
    case images, name, price, description
    case seller = "seller_name"
    case password
    case discountedPrice = "discounted_price"
    case stock, currency
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
