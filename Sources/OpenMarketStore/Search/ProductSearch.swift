import GRDB

/// Case-insensitive substring search over name and description, always through an index: the trigram index
/// for three characters or more, the short index (see `ShortSearchSchema`) for one or two.
///
/// A search reads at most `cap` matches, newest first: its count is exact up to the cap and "cap or more"
/// beyond it, and filters and other orders apply to those newest matches. So the work of any search page is
/// bounded, however common the word.
struct ProductSearch {
    /// How many matches a search reads at most; also the count shown as "10,000+".
    static let cap = 10_000

    let expression: SearchExpression

    /// `nil` when nothing searchable is left of the text (see `SearchExpression`).
    init?(_ text: String) {
        guard let expression = SearchExpression(text) else { return nil }
        self.expression = expression
    }

    var table: String {
        switch expression.index {
        case .trigram: "productSearch"
        case .short: "productShortSearch"
        }
    }

    /// The newest `cap` matching ids, to join with other conditions.
    var candidatesSQL: String {
        "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid DESC LIMIT \(Self.cap)"
    }

    var arguments: StatementArguments { [expression.match] }

    /// The number of matches up to `cap`, and whether there are more.
    func count(_ db: Database) throws -> (count: Int, isCapped: Bool) {
        let sql = "SELECT count(*) FROM (SELECT rowid FROM \(table) WHERE \(table) MATCH ? LIMIT \(Self.cap + 1))"
        let count = try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
        return (min(count, Self.cap), count > Self.cap)
    }

    /// Matching ids by id, newest first or oldest first; `offset` is below the cap, so the walk is bounded.
    func idsSQL(newestFirst: Bool) -> String {
        "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid \(newestFirst ? "DESC" : "ASC") LIMIT ? OFFSET ?"
    }

    func ids(_ db: Database, newestFirst: Bool, limit: Int, offset: Int) throws -> [Int64] {
        var arguments = self.arguments
        arguments += [limit, offset]
        return try Int64.fetchAll(db.cachedStatement(sql: idsSQL(newestFirst: newestFirst)), arguments: arguments)
    }

    /// Matching ids after `id` (exclusive) in id order, for the export; `nil` starts at the end.
    func keysetSQL(newestFirst: Bool, hasStart: Bool, condition: String?) -> String {
        var conditions = ["\(table) MATCH ?"]
        if hasStart { conditions.append("\(table).rowid \(newestFirst ? "<" : ">") ?") }
        if let condition { conditions.append(condition) }
        return "SELECT product.id FROM \(table) JOIN product ON product.id = \(table).rowid WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY \(table).rowid \(newestFirst ? "DESC" : "ASC") LIMIT ?"
    }
}
