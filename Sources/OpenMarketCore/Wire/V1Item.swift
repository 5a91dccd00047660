import Foundation

/// A product as the first OpenMarket generation writes it: `title`, `descriptions`, whole-number prices,
/// `discounted_price` as the **sale price** (left out when there is no discount), photos as URL arrays and the
/// registration time in seconds since 1970.
///
/// The list's items carry neither `descriptions` nor `images`; the detail, POST, PATCH and DELETE answers do.
public struct V1Item: Sendable, Hashable, Decodable {
    public var id: Int
    public var title: String
    public var descriptions: String?
    public var price: Int
    public var currency: String
    public var stock: Int
    /// The price the buyer pays; `nil` when the item is not discounted.
    public var discountedPrice: Int?
    public var thumbnails: [String]
    public var images: [String]?
    public var registrationDate: Double

    enum CodingKeys: String, CodingKey {
        case id, title, descriptions, price, currency, stock, thumbnails, images
        case discountedPrice = "discounted_price"
        case registrationDate = "registration_date"
    }

    public init(
        id: Int, title: String, descriptions: String?, price: Int, currency: String, stock: Int, discountedPrice: Int?,
        thumbnails: [String], images: [String]?, registrationDate: Double
    ) {
        self.id = id
        self.title = title
        self.descriptions = descriptions
        self.price = price
        self.currency = currency
        self.stock = stock
        self.discountedPrice = discountedPrice
        self.thumbnails = thumbnails
        self.images = images
        self.registrationDate = registrationDate
    }

    /// The detail shape: every photo, its thumbnail, and the description.
    public init(_ detail: ProductDetail) {
        self.init(
            id: detail.id, title: detail.name, descriptions: detail.description, price: Self.whole(detail.price),
            currency: detail.currency.rawValue, stock: detail.stock,
            discountedPrice: detail.discountedPrice > 0 ? Self.whole(detail.bargainPrice) : nil,
            thumbnails: detail.images.map(\.thumbnailURL), images: detail.images.map(\.url),
            registrationDate: detail.createdAt.timeIntervalSince1970)
    }

    /// The list shape: the list knows one thumbnail per product, the one v1 apps show (`thumbnails.first`).
    public init(_ summary: ProductSummary) {
        self.init(
            id: summary.id, title: summary.name, descriptions: nil, price: Self.whole(summary.price),
            currency: summary.currency.rawValue, stock: summary.stock,
            discountedPrice: summary.discountedPrice > 0 ? Self.whole(summary.bargainPrice) : nil,
            thumbnails: summary.thumbnailURL.isEmpty ? [] : [summary.thumbnailURL], images: nil,
            registrationDate: summary.createdAt.timeIntervalSince1970)
    }

    /// v1 prices are integers, which v1 apps decode as `Int`: a price in cents is rounded to whole dollars.
    static func whole(_ amount: Decimal) -> Int {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// In the first generation's key order; `discounted_price`, `descriptions` and `images` only where they belong.
    public var wireJSON: WireJSON {
        var members: [(String, WireJSON)] = [("id", .int(id)), ("title", .string(title))]
        if let descriptions { members.append(("descriptions", .string(descriptions))) }
        members += [("price", .int(price)), ("currency", .string(currency)), ("stock", .int(stock))]
        if let discountedPrice { members.append(("discounted_price", .int(discountedPrice))) }
        members.append(("thumbnails", .array(thumbnails.map { .string($0) })))
        if let images { members.append(("images", .array(images.map { .string($0) }))) }
        // Through the Double's shortest text: `Decimal(Double)` can add digits the time never had.
        let seconds = Decimal(string: "\(registrationDate)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(Int(registrationDate))
        members.append(("registration_date", .number(seconds, asFloat: true)))
        return .object(members)
    }
}
