import Foundation

/// One product as it appears in a list page.
///
/// Prices are `Decimal`: the wire carries floats, but money is never computed in binary floating point.
public struct ProductSummary: Sendable, Hashable {
    public var id: Int
    public var vendorID: Int
    public var vendorName: String
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

    public init(
        id: Int, vendorID: Int, vendorName: String, name: String, description: String, thumbnailURL: String,
        currency: Currency, price: Decimal, discountedPrice: Decimal, stock: Int, createdAt: Date, issuedAt: Date
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.name = name
        self.description = description
        self.thumbnailURL = thumbnailURL
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
    }

    /// The price the buyer pays: `price − discounted_price`.
    public var bargainPrice: Decimal { price - discountedPrice }
}

extension ProductSummary {
    /// The list shape of a product read on its own, for lists made of products asked for one by one.
    public init(_ detail: ProductDetail) {
        self.init(
            id: detail.id, vendorID: detail.vendorID, vendorName: detail.vendor.name, name: detail.name, description: detail.description,
            thumbnailURL: detail.thumbnailURL, currency: detail.currency, price: detail.price, discountedPrice: detail.discountedPrice,
            stock: detail.stock, createdAt: detail.createdAt, issuedAt: detail.issuedAt)
    }
}
