import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput

extension SQLiteMarket: ConsistencyChecking {
    /// Checks what the triggers maintain against the rows themselves: the counters, every rank segment, and
    /// both search indexes (FTS5's own integrity check, then a sample of products found by their names).
    /// Reads every product once per order: for tests and operators after a fill, not for page views.
    /// Returns one line per problem; empty means consistent.
    public func consistencyProblems(sample: Int = 200) async throws(OpenMarketError) -> [String] {
        try await write { db in
            var problems: [String] = []
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM product") ?? 0
            let counter = try Self.productTotal(db)
            if counter != total { problems.append("productCounter says \(counter), the table has \(total)") }
            for cell in 0..<4 {
                let counted = try Int.fetchOne(db, sql: "SELECT count(*) FROM product WHERE cell = ?", arguments: [cell]) ?? 0
                let kept = try Int.fetchOne(db, sql: "SELECT total FROM productCellCounter WHERE cell = ?", arguments: [cell]) ?? -1
                if counted != kept { problems.append("cell \(cell): counter says \(kept), the table has \(counted)") }
            }
            let vendorCounts = try Row.fetchAll(db, sql: """
                SELECT counted.vendorId, counted.cell, counted.n, coalesce(kept.total, -1) FROM
                    (SELECT vendorId, cell, count(*) AS n FROM product GROUP BY vendorId, cell) AS counted
                    LEFT JOIN vendorCellCounter AS kept ON kept.vendorId = counted.vendorId AND kept.cell = counted.cell
                WHERE counted.n != coalesce(kept.total, -1)
                UNION ALL
                SELECT vendorId, cell, 0, total FROM vendorCellCounter AS kept WHERE total != 0 AND NOT EXISTS
                    (SELECT 1 FROM product WHERE product.vendorId = kept.vendorId AND product.cell = kept.cell)
                """)
            for row in vendorCounts {
                problems.append("vendor \(row[0] as Int64) cell \(row[1] as Int): counter says \(row[3] as Int), the table has \(row[2] as Int)")
            }
            for order in ProductOrder.ranked {
                problems += try Self.rankProblems(db, order: order)
            }
            for table in ["productSearch", "productShortSearch"] {
                do {
                    try db.execute(sql: "INSERT INTO \(table) (\(table)) VALUES ('integrity-check')")
                } catch {
                    problems.append("\(table) fails its integrity check: \(error)")
                }
            }
            problems += try Self.searchSampleProblems(db, sample: sample, total: total)
            return problems
        }
    }

    private static func rankProblems(_ db: Database, order: ProductOrder) throws -> [String] {
        let names = order.columns.map(\.name).joined(separator: ", ")
        let width = order.columns.count
        let segments = try Row.fetchAll(db, sql: "SELECT \(names), n0, n1, n2, n3 FROM \(order.rankTable) ORDER BY \(names)").map { row in
            (key: Array(row.databaseValues.prefix(width)), counts: (0..<4).map { row[width + $0] as Int })
        }
        guard !segments.isEmpty else { return ["\(order.rankTable) has no segment"] }
        var actual = Array(repeating: [0, 0, 0, 0], count: segments.count)
        var index = 0
        let columns = order.columns.map { "product.\($0.name)" }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: "SELECT \(columns), product.cell FROM product ORDER BY \(columns)")
        while let row = try rows.next() {
            let key = Array(row.databaseValues.prefix(width))
            while index + 1 < segments.count && !KeyOrder.precedes(key, segments[index + 1].key) { index += 1 }
            if KeyOrder.precedes(key, segments[0].key) { return ["\(order.rankTable): a product lies before the first segment"] }
            actual[index][row[width] as Int] += 1
        }
        var problems: [String] = []
        for (segment, counted) in zip(segments, actual) where segment.counts != counted {
            problems.append("\(order.rankTable) segment \(segment.key): kept \(segment.counts), counted \(counted)")
        }
        if let largest = segments.map({ $0.counts.reduce(0, +) }).max(), largest > RankSchema.maxSegment {
            problems.append("\(order.rankTable) has a segment of \(largest) products")
        }
        return problems
    }

    /// Products spread over the id range must be found by the start of their name, through each index.
    private static func searchSampleProblems(_ db: Database, sample: Int, total: Int) throws -> [String] {
        guard total > 0, sample > 0 else { return [] }
        let step = max(1, total / sample)
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, name FROM (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM product) WHERE n % ? = 0 LIMIT ?",
            arguments: [step, sample])
        var problems: [String] = []
        for row in rows {
            let id: Int64 = row["id"]
            let name: String = row["name"]
            let scalars = Array(name.unicodeScalars)
            for length in [2, 3] where scalars.count >= length {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars.prefix(length))
                guard let search = ProductSearch(prefix), search.expression.text == prefix else { continue }
                let found = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM \(search.table) WHERE \(search.table) MATCH ? AND rowid = ?)",
                    arguments: [search.expression.match, id]) ?? false
                if !found { problems.append("\(search.table) does not find product \(id) by \"\(prefix)\"") }
            }
        }
        return problems
    }
}
