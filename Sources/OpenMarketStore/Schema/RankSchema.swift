/// The SQL of the rank tables: for each ranked order, the order cut into segments of consecutive keys,
/// each segment with its number of products per filter cell.
///
/// Triggers keep the counts exact on every insert, delete and update of a product, whoever writes it (the
/// store, the fill command, a script with the sqlite3 shell). A segment that grows past `maxSegment` rows is
/// split in two by a trigger on the rank table; one that empties is removed. A page number therefore maps to a
/// key by adding up a few hundred segment counts and walking at most one segment's rows.
enum RankSchema {
    /// Segments hold at most this many products; a split leaves `maxSegment / 2` in the first half.
    static let maxSegment = 2048

    static func createStatements(for order: ProductOrder) -> [String] {
        let table = order.rankTable
        let columns = order.columns
        let key = order.rowValue(prefix: "")
        let names = columns.map(\.name).joined(separator: ", ")
        let newKey = order.rowValue(prefix: "new.")
        let productKey = "(" + columns.map { "product.\($0.name)" }.joined(separator: ", ") + ")"
        let ascending = columns.map { "product.\($0.name)" }.joined(separator: ", ")
        let minimum = "(" + columns.map(\.minimum).joined(separator: ", ") + ")"
        let half = maxSegment / 2
        return [
            """
            CREATE TABLE \(table) (
                \(columns.map { "\($0.name) \($0.type) NOT NULL" }.joined(separator: ", ")),
                n0 INTEGER NOT NULL DEFAULT 0, n1 INTEGER NOT NULL DEFAULT 0, n2 INTEGER NOT NULL DEFAULT 0, n3 INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (\(names))
            ) WITHOUT ROWID
            """,
            // The first segment starts below every key, so every product has a segment.
            "INSERT INTO \(table) (\(names)) VALUES \(minimum)",
            """
            CREATE TRIGGER \(table)_split AFTER UPDATE ON \(table) WHEN new.n0 + new.n1 + new.n2 + new.n3 > \(maxSegment) BEGIN
                INSERT INTO \(table) (\(names), n0, n1, n2, n3)
                SELECT \(columns.map { "middle.\($0.name)" }.joined(separator: ", ")),
                    new.n0 - head.n0, new.n1 - head.n1, new.n2 - head.n2, new.n3 - head.n3
                FROM (SELECT \(ascending) FROM product WHERE \(productKey) >= \(newKey) ORDER BY \(ascending) LIMIT 1 OFFSET \(half)) AS middle,
                    (SELECT total(cell = 0) AS n0, total(cell = 1) AS n1, total(cell = 2) AS n2, total(cell = 3) AS n3
                     FROM (SELECT product.cell FROM product WHERE \(productKey) >= \(newKey) ORDER BY \(ascending) LIMIT \(half))) AS head;
                UPDATE \(table) SET (n0, n1, n2, n3) = (
                    SELECT new.n0 - n0, new.n1 - n1, new.n2 - n2, new.n3 - n3 FROM \(table) WHERE \(key) > \(newKey) ORDER BY \(names) LIMIT 1)
                WHERE \(key) = \(newKey);
            END
            """,
            """
            CREATE TRIGGER \(table)_empty AFTER UPDATE ON \(table)
            WHEN new.n0 + new.n1 + new.n2 + new.n3 = 0 AND \(newKey) > \(minimum) BEGIN
                DELETE FROM \(table) WHERE \(key) = \(newKey);
            END
            """,
        ]
    }

    /// Adds (`+`) or removes (`-`) the product `row` (`new` or `old`) to the count of its segment.
    static func bump(_ order: ProductOrder, row: String, sign: String) -> String {
        let table = order.rankTable
        let key = order.rowValue(prefix: "")
        let descending = order.columns.map { "\($0.name) DESC" }.joined(separator: ", ")
        let counts = (0..<4).map { "n\($0) = n\($0) \(sign) (\(row).cell = \($0))" }.joined(separator: ", ")
        return """
            UPDATE \(table) SET \(counts)
            WHERE \(key) = (SELECT \(order.columns.map(\.name).joined(separator: ", ")) FROM \(table)
                WHERE \(key) <= \(order.rowValue(prefix: row + ".")) ORDER BY \(descending) LIMIT 1);
            """
    }

    /// The triggers on `product` for every ranked order, and the segments of the rows already there.
    static func productTriggers(orders: [ProductOrder] = ProductOrder.ranked) -> [String] {
        let inserted = orders.map { bump($0, row: "new", sign: "+") }.joined(separator: "\n")
        let deleted = orders.map { bump($0, row: "old", sign: "-") }.joined(separator: "\n")
        // Every column a ranked key or the cell depends on; the id never changes.
        let columns = "vendorId, name, currency, stock, priceMinor, discountMinor, createdAt"
        return [
            "CREATE TRIGGER product_rank_ai AFTER INSERT ON product BEGIN\n\(inserted)\nEND",
            "CREATE TRIGGER product_rank_ad AFTER DELETE ON product BEGIN\n\(deleted)\nEND",
            "CREATE TRIGGER product_rank_au AFTER UPDATE OF \(columns) ON product BEGIN\n\(deleted)\n\(inserted)\nEND",
        ]
    }

    /// Rebuilds one order's segments from the products, in one pass over its index: used when the tables are
    /// created over existing rows, and by the consistency repair.
    static func rebuildStatements(for order: ProductOrder) -> [String] {
        let table = order.rankTable
        let names = order.columns.map(\.name).joined(separator: ", ")
        let ascending = order.columns.map { "product.\($0.name)" }.joined(separator: ", ")
        let minimum = "(" + order.columns.map(\.minimum).joined(separator: ", ") + ")"
        let half = maxSegment / 2
        // Segment k holds rows k·half … k·half + half − 1 of the order; the first one starts at the minimum key.
        // A bare column next to min() takes its value from the row with the minimum (an SQLite guarantee).
        return [
            "DELETE FROM \(table)",
            """
            INSERT INTO \(table) (\(names), n0, n1, n2, n3)
            SELECT \(order.columns.map { "CASE WHEN segment = 0 THEN \($0.minimum) ELSE \($0.name) END" }.joined(separator: ", ")),
                n0, n1, n2, n3
            FROM (
                SELECT \(names), min(position), position / \(half) AS segment,
                    total(cell = 0) AS n0, total(cell = 1) AS n1, total(cell = 2) AS n2, total(cell = 3) AS n3
                FROM (SELECT \(order.columns.map { "product.\($0.name) AS \($0.name)" }.joined(separator: ", ")), product.cell AS cell,
                        row_number() OVER (ORDER BY \(ascending)) - 1 AS position
                      FROM product)
                GROUP BY segment
            )
            """,
            "INSERT OR IGNORE INTO \(table) (\(names)) VALUES \(minimum)",
        ]
    }
}
