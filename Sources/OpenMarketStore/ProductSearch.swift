import Foundation
import GRDB

/// Case-insensitive substring search over name and description through the trigram index.
///
/// The index answers queries of three characters or more; shorter ones (a two-syllable Korean word)
/// fall back to LIKE over the index's own copy of the text, which SQLite scans.
struct ProductSearch {
    let text: String

    private var usesIndex: Bool { text.count >= 3 }

    private var clause: (sql: String, arguments: StatementArguments) {
        if usesIndex {
            // A quoted FTS5 string is a phrase: the user's quotes are doubled so they stay literal.
            let phrase = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return ("productSearch MATCH ?", [phrase])
        }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let pattern = "%" + escaped + "%"
        return ("(name LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')", [pattern, pattern])
    }

    /// A subquery of the matching product ids, to join with other conditions.
    var matchingIDsSQL: (sql: String, arguments: StatementArguments) {
        ("SELECT rowid FROM productSearch WHERE \(clause.sql)", clause.arguments)
    }

    func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM productSearch WHERE \(clause.sql)", arguments: clause.arguments) ?? 0
    }

    func ids(_ db: Database, limit: Int, offset: Int) throws -> [Int64] {
        var arguments = clause.arguments
        arguments += [limit, offset]
        return try Int64.fetchAll(
            db, sql: "SELECT rowid FROM productSearch WHERE \(clause.sql) ORDER BY rowid DESC LIMIT ? OFFSET ?", arguments: arguments)
    }
}
