import OpenMarketInput
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
    /// The verified form's FTS5 query of the query's rarest trigrams, chosen by `prepared(_:)`.
    private(set) var rarest: String?

    /// `nil` when nothing searchable is left of the text (see `SearchExpression`).
    init?(_ text: String) {
        guard let expression = SearchExpression(text) else { return nil }
        self.expression = expression
    }

    /// How far `prepared(_:)` counts each trigram's products: enough to tell rare ones from common ones.
    static let rarityProbe = 256

    /// The search with its verified form narrowed to its rare trigrams, those fewer than `rarityProbe` products
    /// hold: then at most that many rows are checked with LIKE. Each trigram's products are counted only up to
    /// the probe (FTS5's vocabulary table would walk whole lists to count them); when no trigram is rare, the
    /// every-third-trigram prefilter stays.
    func prepared(_ db: Database) throws -> ProductSearch {
        guard verification != nil else { return self }
        let scalars = Array(expression.text.unicodeScalars)
        var frequencies: [(trigram: String, products: Int)] = []
        var seen = Set<String>()
        let probe = try db.cachedStatement(
            sql: "SELECT count(*) FROM (SELECT rowid FROM productSearch WHERE productSearch MATCH ? LIMIT \(Self.rarityProbe))")
        for start in 0...(scalars.count - 3) {
            let trigram = SearchExpression.quoted(Array(scalars[start..<start + 3]))
            guard seen.insert(trigram.lowercased()).inserted else { continue }
            frequencies.append((trigram, try Int.fetchOne(probe, arguments: [trigram]) ?? 0))
        }
        let rare = frequencies.filter { $0.products < Self.rarityProbe }.sorted { $0.products < $1.products }
        guard !rare.isEmpty else { return self }
        var copy = self
        copy.rarest = rare.prefix(2).map(\.trigram).joined(separator: " AND ")
        return copy
    }

    var table: String {
        switch expression.index {
        case .trigram: "productSearch"
        case .short: "productShortSearch"
        }
    }

    /// Long queries without cased letters beyond ASCII are found by a cheaper query (see `verification`).
    static let verifiedLength = 6

    /// A long phrase makes FTS5 step through the lists of all its overlapping trigrams, some of which are in
    /// half the market ("No.", "의 "). Every third trigram, ANDed, finds a superset of the matches far faster;
    /// LIKE on those few rows then keeps the real ones. LIKE folds only ASCII case, as the trigram index folds
    /// every case, so this is used only when every scalar is ASCII or has no case (Hangul, digits…).
    var verification: (prefilter: String, pattern: String)? {
        let scalars = Array(expression.text.unicodeScalars)
        guard expression.index == .trigram, scalars.count >= Self.verifiedLength,
            scalars.allSatisfy({ $0.isASCII || !$0.properties.changesWhenCaseMapped })
        else { return nil }
        var starts = Array(stride(from: 0, to: scalars.count - 2, by: 3))
        if starts.last != scalars.count - 3 { starts.append(scalars.count - 3) }
        let prefilter = starts.map { SearchExpression.quoted(Array(scalars[$0..<$0 + 3])) }.joined(separator: " AND ")
        var pattern = "%"
        for scalar in scalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.unicodeScalars.append("\\") }
            pattern.unicodeScalars.append(scalar)
        }
        return (prefilter, pattern + "%")
    }

    /// The LIKE test of the verified form, on a query that has `product` joined.
    private var likeCondition: String? {
        verification == nil ? nil : "(product.name LIKE ? ESCAPE '\\' OR product.description LIKE ? ESCAPE '\\')"
    }

    /// The matching ids as column `id`, in the full-text index's rowid order once an ORDER BY asks for it.
    var selectSQL: String {
        guard let likeCondition else { return "SELECT \(table).rowid AS id FROM \(table) WHERE \(table) MATCH ?" }
        return "SELECT \(table).rowid AS id FROM \(table) JOIN product ON product.id = \(table).rowid WHERE \(table) MATCH ? AND \(likeCondition)"
    }

    /// The newest `cap` matching ids, to join with other conditions.
    var candidatesSQL: String {
        "\(selectSQL) ORDER BY \(table).rowid DESC LIMIT \(Self.cap)"
    }

    var arguments: StatementArguments {
        guard let verification else { return [expression.match] }
        return [rarest ?? verification.prefilter, verification.pattern, verification.pattern]
    }

    /// The number of matches up to `cap`, and whether there are more.
    func count(_ db: Database) throws -> (count: Int, isCapped: Bool) {
        let sql = "SELECT count(*) FROM (\(selectSQL) LIMIT \(Self.cap + 1))"
        let count = try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
        return (min(count, Self.cap), count > Self.cap)
    }

    /// Matching ids by id, newest first or oldest first; `offset` is below the cap, so the walk is bounded.
    func idsSQL(newestFirst: Bool) -> String {
        "\(selectSQL) ORDER BY \(table).rowid \(newestFirst ? "DESC" : "ASC") LIMIT ? OFFSET ?"
    }

    func ids(_ db: Database, newestFirst: Bool, limit: Int, offset: Int) throws -> [Int64] {
        var arguments = self.arguments
        arguments += [limit, offset]
        return try Int64.fetchAll(db.cachedStatement(sql: idsSQL(newestFirst: newestFirst)), arguments: arguments)
    }

    /// Matching ids after `id` (exclusive) in id order, for the export; `nil` starts at the end.
    func keysetSQL(newestFirst: Bool, hasStart: Bool, condition: String?) -> String {
        var conditions = ["\(table) MATCH ?"] + (likeCondition.map { [$0] } ?? [])
        if hasStart { conditions.append("\(table).rowid \(newestFirst ? "<" : ">") ?") }
        if let condition { conditions.append(condition) }
        return "SELECT product.id FROM \(table) JOIN product ON product.id = \(table).rowid WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY \(table).rowid \(newestFirst ? "DESC" : "ASC") LIMIT ?"
    }
}
