import Foundation
import OpenMarketCore

/// The JSON bodies of the market API, read leniently where real clients are sloppy.
enum MarketRequestBodies {
    /// The `params` part of a create request. v2a clients call the description `descriptions`.
    static func createParams(_ data: Data) throws(OpenMarketError) -> (ProductDraft, secret: String) {
        var object = try LenientJSONObject(data: data, what: "The `params` part")
        let name = object.require(object.string("name", field: .name), "name", field: .name)
        let descriptionKey = object.has("description") ? "description" : "descriptions"
        let description = object.require(object.string(descriptionKey, field: .description), "description", field: .description)
        let price = object.require(object.decimal("price", field: .price), "price", field: .price)
        let currency = object.require(object.currency("currency"), "currency", field: .currency)
        let discounted = object.decimal("discounted_price", field: .discountedPrice) ?? 0
        let stock = object.integer("stock", field: .stock) ?? 0
        let secret = object.require(object.secret("secret"), "secret", field: .secret)
        guard object.violations.isEmpty, let name, let description, let price, let currency, let secret else {
            throw .invalid(object.violations)
        }
        let draft = ProductDraft(
            name: name, description: description, price: price, currency: currency, discountedPrice: discounted, stock: stock)
        return (draft, secret)
    }

    /// A PATCH body: every key optional but `secret`; unknown keys ignored.
    static func changes(_ data: Data) throws(OpenMarketError) -> (ProductChanges, secret: String) {
        var object = try LenientJSONObject(data: data, what: "The request body")
        let descriptionKey = object.has("description") ? "description" : "descriptions"
        let changes = ProductChanges(
            name: object.string("name", field: .name),
            description: object.string(descriptionKey, field: .description),
            thumbnailID: object.integer("thumbnail_id", field: .thumbnailID),
            price: object.decimal("price", field: .price),
            currency: object.currency("currency"),
            discountedPrice: object.decimal("discounted_price", field: .discountedPrice),
            stock: object.integer("stock", field: .stock))
        let secret = object.require(object.secret("secret"), "secret", field: .secret)
        guard object.violations.isEmpty, let secret else { throw .invalid(object.violations) }
        return (changes, secret)
    }

    /// The body of `archived` and `secret`: `{"secret": "…"}`.
    static func secret(_ data: Data) throws(OpenMarketError) -> String {
        var object = try LenientJSONObject(data: data, what: "The request body")
        let secret = object.require(object.secret("secret"), "secret", field: .secret)
        guard object.violations.isEmpty, let secret else { throw .invalid(object.violations) }
        return secret
    }
}
