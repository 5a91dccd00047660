import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

/// The first generation's requests: items by page and by id, and writes as multipart text parts with the item's
/// own `password` (a v1 server has no vendors). Its prices are whole numbers and its `discounted_price` is the sale
/// price, where v2 says the discount amount.
extension MarketRequests {
    /// `GET /items/{page}`: twenty items, newest first; past the end an empty `items`.
    public func items(page: Int) -> MarketRequest {
        MarketRequest(method: .get, url: url(V1Path.items(.value(page)).path))
    }

    /// `GET /item/{id}`.
    public func item(id: Int) -> MarketRequest {
        MarketRequest(method: .get, url: url(V1Path.item(.value(id)).path))
    }

    /// `POST /item`: text parts `title, descriptions, price, currency, stock, discounted_price?, password` and one
    /// `images[]` part per photo; `discounted_price` is sent only for a discounted product.
    public func createItem(
        _ draft: ProductDraft, images: [ImageUpload], password: String, boundary: String
    ) throws(OpenMarketError) -> MarketRequest {
        try Self.requireWholeUnits(price: draft.price, discount: draft.discountedPrice)
        var texts = [
            ("title", draft.name), ("descriptions", draft.description), ("price", Self.wholeText(draft.price)),
            ("currency", draft.currency.rawValue), ("stock", String(draft.stock)),
        ]
        if draft.discountedPrice > 0 { texts.append(("discounted_price", Self.wholeText(draft.price - draft.discountedPrice))) }
        texts.append(("password", password))
        return try multipart(.post, V1Path.newItem.path, texts: texts, images: images, boundary: boundary)
    }

    /// `PATCH /item/{id}` with only `password`: changes nothing and answers the item, or refuses the password. The
    /// v1 apps' own way to check a password before their edit screen.
    public func checkItemPassword(id: Int, password: String, boundary: String) throws(OpenMarketError) -> MarketRequest {
        try multipart(.patch, V1Path.item(.value(id)).path, texts: [("password", password)], images: [], boundary: boundary)
    }

    /// `PATCH /item/{id}` with the changed parts and `password`. `current` is the item as it is: where the price or
    /// the discount changes, the sale price that gives the asked-for pair is sent, because a v1 server keeps the
    /// sale price when only the price changes. The main photo is always the first on v1: asking for another is refused.
    public func updateItem(
        id: Int, changes: ProductChanges, current: ProductDetail, password: String, boundary: String
    ) throws(OpenMarketError) -> MarketRequest {
        if changes.thumbnailID != nil { throw .invalid([.init(.mainPhotoFixed)]) }
        let price = changes.price ?? current.price
        let discount = changes.discountedPrice ?? current.discountedPrice
        let pricing = changes.price != nil || changes.discountedPrice != nil
        if pricing { try Self.requireWholeUnits(price: price, discount: discount) }
        var texts: [(String, String)] = []
        if let name = changes.name { texts.append(("title", name)) }
        if let description = changes.description { texts.append(("descriptions", description)) }
        if let newPrice = changes.price { texts.append(("price", Self.wholeText(newPrice))) }
        if let currency = changes.currency { texts.append(("currency", currency.rawValue)) }
        if let stock = changes.stock { texts.append(("stock", String(stock))) }
        // A sale price equal to the price ends a discount; an undiscounted product keeps having none.
        if pricing && (discount > 0 || current.discountedPrice > 0) {
            texts.append(("discounted_price", Self.wholeText(price - discount)))
        }
        texts.append(("password", password))
        return try multipart(.patch, V1Path.item(.value(id)).path, texts: texts, images: [], boundary: boundary)
    }

    /// `DELETE /item/{id}` with `{"password": …}` (the second v1 server's body; it answers the deleted item).
    public func deleteItem(id: Int, password: String) -> MarketRequest {
        MarketRequest(
            method: .delete, url: url(V1Path.item(.value(id)).path), headers: [("content-type", "application/json")],
            body: WireJSON.object([("password", .string(password))]).data)
    }

    private func multipart(
        _ method: MarketRequest.Method, _ path: String, texts: [(String, String)], images: [ImageUpload], boundary: String
    ) throws(OpenMarketError) -> MarketRequest {
        let parts = texts.map { name, value in
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="\#(name)""#)
            return MultipartPart(headers: headers, body: ByteBuffer(string: value))
        } + Self.photoParts(images, named: "images[]")
        return MarketRequest(
            method: method, url: url(path), headers: [("content-type", "multipart/form-data; boundary=\(boundary)")],
            body: try Self.serialize(parts, boundary: boundary))
    }

    /// v1 amounts are integers: cents cannot be said, and rounding them would change the price.
    static func requireWholeUnits(price: Decimal, discount: Decimal) throws(OpenMarketError) {
        var violations: [OpenMarketError.Violation] = []
        if !isWhole(price) { violations.append(.init(.wholeUnitsOnly(.price))) }
        if !isWhole(discount) { violations.append(.init(.wholeUnitsOnly(.discountedPrice))) }
        if !violations.isEmpty { throw .invalid(violations) }
    }

    private static func isWhole(_ amount: Decimal) -> Bool {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == amount
    }

    private static func wholeText(_ amount: Decimal) -> String {
        String(V1Item.whole(amount))
    }
}
