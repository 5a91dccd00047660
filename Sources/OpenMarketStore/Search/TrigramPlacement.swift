import GRDB
import GRDBSQLite

/// The FTS5 auxiliary function `trigramsInPlace(productSearch, d₀, d₁, …)`, registered on every connection:
/// 1 when the row holds, in one column, phrase `i` of the MATCH query at token position `p + dᵢ` for one `p`,
/// for every `i`; else 0. The query is one trigram per phrase, ANDed, in the order of the distances.
///
/// The trigram index keeps the trigram that starts at each scalar at the position of that scalar, so trigrams
/// of a phrase that cover every one of its scalars, each at its distance from the first, fix the phrase's
/// every scalar: the row holds them in place exactly when it holds the phrase (see `ProductSearch.placed`).
/// FTS5 then steps through the lists of those few trigrams instead of every overlapping one of the phrase.
enum TrigramPlacement {
    static let name = "trigramsInPlace"

    /// Registers the function on `db`'s trigram index; FTS5 keeps auxiliary functions per connection.
    static func register(_ db: Database) {
        let api = FTS5.api(db)
        _ = name.withCString { cName in
            api.pointee.xCreateFunction?(UnsafeMutablePointer(mutating: api), cName, nil, trigramsInPlace, nil)
        }
    }
}

/// See `TrigramPlacement`. Position lists are ordered by column, then position, and hold one or two entries
/// per trigram in a product, so each check walks a few entries and allocates nothing.
private let trigramsInPlace: fts5_extension_function = { api, fts, context, count, values in
    guard let api, let fts, let values,
        let phraseCount = api.pointee.xPhraseCount, let first = api.pointee.xPhraseFirst, let next = api.pointee.xPhraseNext
    else {
        sqlite3_result_error(context, "trigramsInPlace: no FTS5 context", -1)
        return
    }
    guard count >= 1, phraseCount(fts) == count else {
        sqlite3_result_error(context, "trigramsInPlace: one distance per phrase of the query", -1)
        return
    }
    var leading = Fts5PhraseIter()
    var column: Int32 = 0
    var position: Int32 = 0
    guard first(fts, 0, &leading, &column, &position) == SQLITE_OK else {
        sqlite3_result_error_code(context, SQLITE_ERROR)
        return
    }
    let leadingDistance = sqlite3_value_int(values[0])
    while column >= 0 {
        let start = position - leadingDistance
        var holdsAll = true
        var phrase: Int32 = 1
        while holdsAll && phrase < count {
            let wanted = start + sqlite3_value_int(values[Int(phrase)])
            var iterator = Fts5PhraseIter()
            var otherColumn: Int32 = 0
            var otherPosition: Int32 = 0
            guard first(fts, phrase, &iterator, &otherColumn, &otherPosition) == SQLITE_OK else {
                sqlite3_result_error_code(context, SQLITE_ERROR)
                return
            }
            holdsAll = false
            while otherColumn >= 0 && (otherColumn < column || (otherColumn == column && otherPosition <= wanted)) {
                if otherColumn == column && otherPosition == wanted {
                    holdsAll = true
                    break
                }
                next(fts, &iterator, &otherColumn, &otherPosition)
            }
            phrase += 1
        }
        if holdsAll {
            sqlite3_result_int(context, 1)
            return
        }
        next(fts, &leading, &column, &position)
    }
    sqlite3_result_int(context, 0)
}
