import GRDB

/// Reads products in one order, restricted to some filter cells, by key: a page starts at a key and reads
/// forward through an index, so its cost does not grow with its number.
struct ProductPager {
    /// A product's values of the order's key columns, the id last.
    typealias Key = [DatabaseValue]

    let order: ProductOrder
    let cells: CellSet

    /// Ids of the rows at `offset ..< offset + limit` of the listing in the given direction, among `total` rows.
    ///
    /// The first and last pages read from either end of the index; a page in between starts at the key the
    /// rank table gives for its position, or for the vendor order the key `VendorPositions` finds. Reading from
    /// the nearer end with an OFFSET is left for a rank table or counter that disagrees with the rows.
    func ids(_ db: Database, ascending: Bool, total: Int, offset: Int, limit: Int) throws -> [Int64] {
        guard offset >= 0, limit > 0, offset < total else { return [] }
        // The same rows counted from the start of the ascending order.
        let start = ascending ? offset : max(0, total - offset - limit)
        let count = ascending ? min(limit, total - offset) : total - offset - start
        let keys: [Key]
        if start == 0 {
            keys = try self.keys(db, ascending: true, after: nil, count: count)
        } else if start + count == total {
            keys = try self.keys(db, ascending: false, after: nil, count: count).reversed()
        } else if order.isRanked, let first = try RankIndex(order: order, cells: cells).key(db, at: start, total: total) {
            keys = try self.keys(db, ascending: true, after: first, inclusive: true, count: count)
        } else if order == .vendor, let first = try VendorPositions(cells: cells).key(db, at: start, total: total) {
            keys = try self.keys(db, ascending: true, after: first, inclusive: true, count: count)
        } else if start <= total - start - count {
            keys = try self.keys(db, ascending: true, after: nil, count: count, skipping: start)
        } else {
            keys = try self.keys(db, ascending: false, after: nil, count: count, skipping: total - start - count).reversed()
        }
        let ids = keys.compactMap { $0.last.flatMap { Int64.fromDatabaseValue($0) } }
        return ascending ? ids : ids.reversed()
    }

    /// Up to `count` keys in the direction, after `start` (or from it, when `inclusive`), or from the end
    /// the direction starts at. A filtered order with a cell index reads each selected cell's index and
    /// merges them, so sparse filters read only matching rows.
    func keys(
        _ db: Database, ascending: Bool, after start: Key?, inclusive: Bool = false, count: Int, skipping: Int = 0
    ) throws -> [Key] {
        guard count > 0 else { return [] }
        if order.hasCellIndex, !cells.isAll, skipping == 0 {
            var merged: [Key] = []
            for cell in cells.cells {
                merged += try fetch(db, condition: "product.cell = \(cell)", ascending: ascending, after: start, inclusive: inclusive, count: count)
            }
            merged.sort { ascending ? KeyOrder.precedes($0, $1) : KeyOrder.precedes($1, $0) }
            return Array(merged.prefix(count))
        }
        return try fetch(db, condition: cells.condition, ascending: ascending, after: start, inclusive: inclusive, count: count, skipping: skipping)
    }

    private struct StartShape: Hashable, Sendable {
        var order: ProductOrder
        var condition: String?
        var ascending: Bool
        var skipping: Bool
    }

    private static let startTexts = WrittenSQL<StartShape>()

    /// One read from the start of the order, or `skipping` rows into it (the vendor order's middle pages).
    func sql(condition: String?, ascending: Bool, skipping: Bool) -> String {
        let filter = condition.map { " WHERE \($0)" } ?? ""
        let columns = order.columns.map(\.expression).joined(separator: ", ")
        return "SELECT \(columns) FROM \(order.source)\(filter) ORDER BY \(order.orderBy(ascending: ascending)) LIMIT ?"
            + (skipping ? " OFFSET ?" : "")
    }

    private func fetch(
        _ db: Database, condition: String?, ascending: Bool, after start: Key?, inclusive: Bool, count: Int, skipping: Int = 0
    ) throws -> [Key] {
        guard let start else {
            var arguments: StatementArguments = [count]
            if skipping > 0 { arguments += [skipping] }
            let text = Self.startTexts.text(for: StartShape(order: order, condition: condition, ascending: ascending, skipping: skipping > 0)) {
                sql(condition: $0.condition, ascending: $0.ascending, skipping: $0.skipping)
            }
            return try Row.fetchAll(db.cachedStatement(sql: text), arguments: arguments).map { Array($0.databaseValues) }
        }
        // After (a, b, id): rows with a and b equal and a later id, then a equal and a later b, then a later a.
        // Each read is one index seek on equal leading columns and a range on the next: SQLite cannot seek an
        // index by a row value that reaches the rowid, so one `(a, b, id) > (…)` would walk every row sharing
        // `a` and `b` (for the stock order, tens of thousands) before the page.
        var keys: [Key] = []
        for length in (0..<order.columns.count).reversed() where keys.count < count {
            let (sql, arguments) = afterQuery(
                condition: condition, ascending: ascending, start: start, inclusive: inclusive, length: length, tail: .limit)
            keys += try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments + [count - keys.count])
                .map { Array($0.databaseValues) }
        }
        return keys
    }
}

extension ProductPager {
    /// The key `skipping` selected rows from `start` on (inclusive), ascending. SQLite skips the rows (OFFSET) and
    /// only the one key is read out: a walk through a rank segment copies nothing but its answer.
    func key(_ db: Database, from start: Key, skipping: Int) throws -> Key? {
        try walk(db, ascending: true, from: start, inclusive: true, skipping: skipping)
    }

    /// The key `skipping` selected rows before `end` (exclusive), descending.
    func key(_ db: Database, before end: Key, skipping: Int) throws -> Key? {
        try walk(db, ascending: false, from: end, inclusive: false, skipping: skipping)
    }

    private func walk(_ db: Database, ascending: Bool, from start: Key, inclusive: Bool, skipping: Int) throws -> Key? {
        if order.hasCellIndex, !cells.isAll {
            let keys = try keys(db, ascending: ascending, after: start, inclusive: inclusive, count: skipping + 1)
            return keys.count > skipping ? keys[skipping] : nil
        }
        var remaining = skipping
        for length in (0..<order.columns.count).reversed() {
            let (sql, arguments) = afterQuery(
                condition: cells.condition, ascending: ascending, start: start, inclusive: inclusive, length: length, tail: .oneAfterOffset)
            if let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments + [remaining]) {
                return Array(row.databaseValues)
            }
            // Fewer rows than `remaining` at this level: count them (at most `remaining`) and go on to the next.
            let (counting, _) = afterQuery(
                condition: cells.condition, ascending: ascending, start: start, inclusive: inclusive, length: length, tail: .countUpToLimit)
            let counted = try Int.fetchOne(db.cachedStatement(sql: counting), arguments: arguments + [remaining]) ?? 0
            remaining -= counted
        }
        return nil
    }

    /// What follows a read after a key: its limit, the one row after an offset, or a count of at most a limit.
    fileprivate enum Tail: Hashable, Sendable {
        case limit, oneAfterOffset, countUpToLimit
    }

    private struct AfterShape: Hashable, Sendable {
        var order: ProductOrder
        var condition: String?
        var ascending: Bool
        var inclusive: Bool
        var length: Int
        var tail: Tail
    }

    private static let afterTexts = WrittenSQL<AfterShape>()

    /// One level of reading after a key: the leading `length` columns equal to the key's, the next one beyond it.
    fileprivate func afterQuery(
        condition: String?, ascending: Bool, start: Key, inclusive: Bool, length: Int, tail: Tail
    ) -> (sql: String, arguments: StatementArguments) {
        let shape = AfterShape(order: order, condition: condition, ascending: ascending, inclusive: inclusive, length: length, tail: tail)
        return (Self.afterTexts.text(for: shape, write: Self.afterSQL), StatementArguments(each: start[...length]))
    }

    private static func afterSQL(_ shape: AfterShape) -> String {
        let (order, condition, ascending, inclusive, length) = (shape.order, shape.condition, shape.ascending, shape.inclusive, shape.length)
        let columns = order.columns
        let last = length == columns.count - 1
        let comparison = ascending ? (inclusive && last ? ">=" : ">") : (inclusive && last ? "<=" : "<")
        var conditions = condition.map { [$0] } ?? []
        conditions += columns[..<length].map { "\($0.expression) = ?" }
        conditions.append("\(columns[length].expression) \(comparison) ?")
        let sql = "SELECT \(columns.map(\.expression).joined(separator: ", ")) FROM \(order.source) WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY \(order.orderBy(ascending: ascending))"
        switch shape.tail {
        case .limit: return sql + " LIMIT ?"
        case .oneAfterOffset: return sql + " LIMIT 1 OFFSET ?"
        case .countUpToLimit: return "SELECT count(*) FROM (\(sql) LIMIT ?)"
        }
    }
}

/// SQLite's order of values with the BINARY collation: NULL, numbers, text by bytes, blobs by bytes.
enum KeyOrder {
    static func precedes(_ lhs: ProductPager.Key, _ rhs: ProductPager.Key) -> Bool {
        for (left, right) in zip(lhs, rhs) {
            let ordered = compare(left, right)
            if ordered != 0 { return ordered < 0 }
        }
        return lhs.count < rhs.count
    }

    static func compare(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Int {
        switch (lhs.storage, rhs.storage) {
        case (.int64(let a), .int64(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): return bytes(Array(a.utf8), Array(b.utf8))
        case (.double(let a), .double(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.int64(let a), .double(let b)): return Double(a) < b ? -1 : (Double(a) == b ? 0 : 1)
        case (.double(let a), .int64(let b)): return a < Double(b) ? -1 : (a == Double(b) ? 0 : 1)
        case (.blob(let a), .blob(let b)): return bytes(Array(a), Array(b))
        default: return rank(lhs) < rank(rhs) ? -1 : (rank(lhs) == rank(rhs) ? 0 : 1)
        }
    }

    private static func rank(_ value: DatabaseValue) -> Int {
        switch value.storage {
        case .null: 0
        case .int64, .double: 1
        case .string: 2
        case .blob: 3
        }
    }

    private static func bytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        for (a, b) in zip(lhs, rhs) where a != b { return a < b ? -1 : 1 }
        return lhs.count < rhs.count ? -1 : (lhs.count == rhs.count ? 0 : 1)
    }
}
