import GRDB

/// Finds the key at a position of an order through its rank table (see `RankSchema`): the segments' counts
/// of the selected cells are added up from the nearer end until the position is reached, then the segment's
/// rows are walked from its nearer end (at most half of `RankSchema.maxSegment`, but in the last segment).
struct RankIndex {
    let order: ProductOrder
    let cells: CellSet

    private struct Shape: Hashable, Sendable {
        var order: ProductOrder
        var cells: CellSet
        var fromStart: Bool
    }

    private static let texts = WrittenSQL<Shape>()

    /// The key of the row at ascending `position` (0-based) of `total` selected rows; `nil` when the rank
    /// table disagrees with the total, which the caller answers by reading from the nearer end instead.
    func key(_ db: Database, at position: Int, total: Int) throws -> ProductPager.Key? {
        let fromStart = position < total / 2
        let sql = Self.texts.text(for: Shape(order: order, cells: cells, fromStart: fromStart)) { shape in
            let names = shape.order.columns.map(\.name).joined(separator: ", ")
            let direction = shape.fromStart ? "ASC" : "DESC"
            return "SELECT \(names), \(shape.cells.segmentCount) FROM \(shape.order.rankTable) ORDER BY "
                + shape.order.columns.map { "\($0.name) \(direction)" }.joined(separator: ", ")
        }
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql))
        var passed = 0
        let width = order.columns.count
        // The start of the segment after the current one (ascending); read from the end, the one read before it.
        var following: ProductPager.Key?
        while let row = try rows.next() {
            let count: Int = row[width]
            let before = fromStart ? passed : total - passed - count
            if count > 0 && before <= position && position < before + count {
                // The segment's rows are walked from its nearer end, half a segment at most; the last segment's
                // from its start all the same, since from the order's end a walk has no key to start at.
                let pager = ProductPager(order: order, cells: cells)
                let start = Array(row.databaseValues.prefix(width))
                let fromFirst = position - before
                let fromLast = before + count - 1 - position
                if fromFirst > fromLast {
                    if fromStart {
                        following = try rows.next().map { Array($0.databaseValues.prefix(width)) }
                    }
                    if let following {
                        return try pager.key(db, before: following, skipping: fromLast)
                    }
                }
                return try pager.key(db, from: start, skipping: fromFirst)
            }
            if !fromStart {
                following = Array(row.databaseValues.prefix(width))
            }
            passed += count
        }
        return nil
    }
}
