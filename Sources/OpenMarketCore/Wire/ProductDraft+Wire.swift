extension ProductDraft {
    /// The `params` part of a create request, secret included; v2a servers call the description `descriptions`.
    public func wireParams(secret: String, descriptionKey: String = MarketGeneration.v2b.descriptionKey) -> WireJSON {
        .object([
            ("name", .string(name)),
            (descriptionKey, .string(description)),
            ("price", .number(price, asFloat: false)),
            ("currency", .string(currency.rawValue)),
            ("discounted_price", .number(discountedPrice, asFloat: false)),
            ("stock", .int(stock)),
            ("secret", .string(secret)),
        ])
    }
}

extension ProductChanges {
    /// The PATCH body: only the keys that change, plus the secret the API always requires.
    public func wireBody(secret: String, descriptionKey: String = MarketGeneration.v2b.descriptionKey) -> WireJSON {
        var members: [(String, WireJSON)] = []
        if let name { members.append(("name", .string(name))) }
        if let description { members.append((descriptionKey, .string(description))) }
        if let thumbnailID { members.append(("thumbnail_id", .int(thumbnailID))) }
        if let price { members.append(("price", .number(price, asFloat: false))) }
        if let currency { members.append(("currency", .string(currency.rawValue))) }
        if let discountedPrice { members.append(("discounted_price", .number(discountedPrice, asFloat: false))) }
        if let stock { members.append(("stock", .int(stock))) }
        members.append(("secret", .string(secret)))
        return .object(members)
    }
}
