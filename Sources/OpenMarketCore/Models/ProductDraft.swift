import Foundation

/// The fields of a product to create (the `params` part of the multipart POST, without the secret).
public struct ProductDraft: Sendable, Hashable {
    public var name: String
    public var description: String
    public var price: Decimal
    public var currency: Currency
    /// The discount amount; the API's default is 0.
    public var discountedPrice: Decimal
    /// The API's default is 0.
    public var stock: Int

    public init(name: String, description: String, price: Decimal, currency: Currency, discountedPrice: Decimal = 0, stock: Int = 0) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }
}
