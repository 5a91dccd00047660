import Foundation

/// The fields a PATCH changes; `nil` means "leave as it is", so only changed keys go over the wire.
public struct ProductChanges: Sendable, Hashable {
    public var name: String?
    public var description: String?
    public var thumbnailID: Int?
    public var price: Decimal?
    public var currency: Currency?
    public var discountedPrice: Decimal?
    public var stock: Int?

    public init(
        name: String? = nil, description: String? = nil, thumbnailID: Int? = nil, price: Decimal? = nil,
        currency: Currency? = nil, discountedPrice: Decimal? = nil, stock: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.thumbnailID = thumbnailID
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    public var isEmpty: Bool {
        name == nil && description == nil && thumbnailID == nil && price == nil && currency == nil
            && discountedPrice == nil && stock == nil
    }
}
