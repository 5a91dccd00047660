extension ProductPage: Decodable {
    /// v2b writes the envelope in camelCase, v2a in snake_case; we read both.
    enum CodingKeys: String, CodingKey {
        case pageNo, itemsPerPage, totalCount, pages
        case pageNoSnake = "page_no"
        case itemsPerPageSnake = "items_per_page"
        case totalCountSnake = "total_count"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func either(_ camel: CodingKeys, _ snake: CodingKeys) throws -> Int {
            try container.decodeIfPresent(Int.self, forKey: camel) ?? container.decode(Int.self, forKey: snake)
        }
        self.init(
            pageNo: try either(.pageNo, .pageNoSnake),
            itemsPerPage: try either(.itemsPerPage, .itemsPerPageSnake),
            totalCount: try either(.totalCount, .totalCountSnake),
            products: try container.decode([ProductSummary].self, forKey: .pages)
        )
    }

    /// The v2b ("openmarket") list envelope.
    public var wireJSON: WireJSON {
        .object([
            ("pageNo", .int(pageNo)),
            ("itemsPerPage", .int(itemsPerPage)),
            ("totalCount", .int(totalCount)),
            ("offset", .int(offset)),
            ("limit", .int(limit)),
            ("lastPage", .int(lastPage)),
            ("hasNext", .bool(hasNext)),
            ("hasPrev", .bool(hasPrev)),
            ("pages", .array(products.map(\.wireJSON))),
        ])
    }
}
