import Foundation

/// A product with every image and its vendor, as the detail endpoint returns it.
public struct ProductDetail: Sendable, Hashable {
    public struct Image: Sendable, Hashable {
        public var id: Int
        public var url: String
        public var thumbnailURL: String
        public var issuedAt: Date

        public init(id: Int, url: String, thumbnailURL: String, issuedAt: Date) {
            self.id = id
            self.url = url
            self.thumbnailURL = thumbnailURL
            self.issuedAt = issuedAt
        }
    }

    public struct Vendor: Sendable, Hashable {
        public var id: Int
        public var name: String
        /// When the vendor joined; v2a details carry it (`vendors.created_at`), v2b ones do not.
        public var createdAt: Date?

        public init(id: Int, name: String, createdAt: Date? = nil) {
            self.id = id
            self.name = name
            self.createdAt = createdAt
        }
    }

    public var id: Int
    public var vendorID: Int
    public var name: String
    public var description: String
    public var thumbnailURL: String
    public var currency: Currency
    public var price: Decimal
    /// The discount amount (not the sale price), as on the wire.
    public var discountedPrice: Decimal
    public var stock: Int
    public var createdAt: Date
    public var issuedAt: Date
    public var images: [Image]
    public var vendor: Vendor

    public init(
        id: Int, vendorID: Int, name: String, description: String, thumbnailURL: String, currency: Currency,
        price: Decimal, discountedPrice: Decimal, stock: Int, createdAt: Date, issuedAt: Date, images: [Image], vendor: Vendor
    ) {
        self.id = id
        self.vendorID = vendorID
        self.name = name
        self.description = description
        self.thumbnailURL = thumbnailURL
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
        self.images = images
        self.vendor = vendor
    }

    /// The price the buyer pays: `price − discounted_price`.
    public var bargainPrice: Decimal { price - discountedPrice }

    /// The image whose thumbnail is the product's thumbnail (the first uploaded unless changed).
    public var thumbnailImageID: Int? { images.first { $0.thumbnailURL == thumbnailURL }?.id }
}
