/// A total order over products: the columns of one index, always ending with the id, so that a key
/// names exactly one row and keyset paging ("after this key") never skips or repeats a product.
enum ProductOrder: String, CaseIterable, Sendable {
    case id, name, vendor, price, discount, stock, date
    /// What the shopper pays: price − discount, within a currency (won before dollars ascending).
    case sale
    /// Each vendor's products by id, vendors by their id: never shown, but its rank table finds the n-th product of
    /// a vendor, which is how the vendor order reaches a deep page (see `VendorPositions`).
    case vendorProducts

    /// A key column as it appears in queries and in the order's rank table.
    struct Column: Sendable {
        /// The expression in a query over `product` (joined with `vendor` for the vendor order).
        var expression: String
        /// The column's name in the rank table.
        var name: String
        /// The declared type in the rank table: the same affinity as in `product`, so comparisons agree.
        var type: String
        /// A literal below every value the column can hold (the rank table's first segment starts there).
        var minimum: String
    }

    private static let idColumn = Column(expression: "product.id", name: "id", type: "INTEGER", minimum: "0")
    private static let integerMinimum = "-9223372036854775808"

    private static func column(_ name: String, _ type: String) -> Column {
        Column(expression: "product.\(name)", name: name, type: type, minimum: type == "TEXT" ? "''" : integerMinimum)
    }

    /// The key in ascending order; a descending listing reads the same key backwards.
    var columns: [Column] {
        switch self {
        case .id: [Self.idColumn]
        case .name: [Self.column("name", "TEXT"), Self.idColumn]
        case .vendor: [Column(expression: "vendor.name", name: "vendorName", type: "TEXT", minimum: "''"), Self.idColumn]
        // Amounts of different currencies are not comparable: each currency is in order, won before dollars.
        case .price: [Self.column("currency", "TEXT"), Self.column("priceMinor", "INTEGER"), Self.idColumn]
        case .discount: [Self.column("currency", "TEXT"), Self.column("discountMinor", "INTEGER"), Self.idColumn]
        case .stock: [Self.column("stock", "INTEGER"), Self.idColumn]
        case .date: [Self.column("createdAt", "DATETIME"), Self.idColumn]
        case .sale: [Self.column("currency", "TEXT"), Self.column("salePriceMinor", "INTEGER"), Self.idColumn]
        case .vendorProducts: [Self.column("vendorId", "INTEGER"), Self.idColumn]
        }
    }

    /// The rows the order reads. The vendor order walks vendors by name, then each vendor's products by id
    /// (CROSS JOIN keeps vendor as the outer loop, so the order comes from the two indexes, never a sort).
    var source: String {
        self == .vendor ? "vendor CROSS JOIN product ON product.vendorId = vendor.id" : "product"
    }

    /// Orders with a rank table, which maps a page number to a key (see `RankIndex`). The vendor order
    /// has none: its key lives in another table, so a row's place changes when a vendor is renamed; it finds
    /// its pages through vendor counters and the `vendorProducts` rank table instead.
    static let ranked: [ProductOrder] = rankedSinceV6 + [.vendorProducts]

    /// The rank tables migration v6 made; v9 added `vendorProducts`.
    static let rankedSinceV6: [ProductOrder] = [.id, .name, .price, .discount, .stock, .date, .sale]

    var isRanked: Bool { Self.ranked.contains(self) }

    /// Orders with an index per filter cell (`cell`, key…), so a filtered page reads only matching rows.
    /// The vendor order filters each vendor's products as it walks them.
    var hasCellIndex: Bool { self != .vendor }

    var rankTable: String { "productRank_\(rawValue)" }

    /// `(a, b, id)`: the key as a row value, with each column's expression (or another prefix such as `new.`).
    func rowValue(prefix: String? = nil) -> String {
        "(" + columns.map { column in prefix.map { $0 + column.name } ?? column.expression }.joined(separator: ", ") + ")"
    }

    /// `ORDER BY` terms in one direction.
    func orderBy(ascending: Bool) -> String {
        columns.map { "\($0.expression) \(ascending ? "ASC" : "DESC")" }.joined(separator: ", ")
    }
}
