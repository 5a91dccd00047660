/// One page of `GET /items/{page}`: `{"page": N, "items": [...]}`; past the end the items are empty.
public struct V1ItemPage: Sendable, Hashable, Decodable {
    public var page: Int
    public var items: [V1Item]

    public init(page: Int, items: [V1Item]) {
        self.page = page
        self.items = items
    }

    public var wireJSON: WireJSON {
        .object([("page", .int(page)), ("items", .array(items.map(\.wireJSON)))])
    }
}
