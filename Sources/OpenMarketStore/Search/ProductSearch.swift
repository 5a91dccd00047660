import OpenMarketEmbedded
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
    static let cap = ListingPage.searchCap

    let expression: SearchExpression
    /// The verified form's FTS5 query of the query's rarest trigrams, chosen by `prepared(_:)`.
    private(set) var rarest: String?
    /// Chosen by `prepared(_:)`: the whole phrase is read from the index alone (as `placed`), because that is
    /// cheaper than checking the rows of its rarest trigrams.
    private(set) var readsWholePhrase = false
    /// Chosen with `readsWholePhrase`: the whole phrase read as the few of its trigrams that fix each of its
    /// scalars, each checked in place (`TrigramPlacement`), instead of FTS5's phrase query, which steps through
    /// the list of every overlapping trigram. `match` ANDs them in the order of `distances`, their starts in
    /// the phrase, chosen by `cover`. Measured at 1,000,000 products, "Espresso Machine" (14 trigrams of
    /// 38,000–111,000 products, 37,819 matches): six trigrams ANDed walk to the cap newest first in 4.0 ms of
    /// processor time where the phrase query took 12.3 ms (oldest first 2.8 and 7.7 ms; sqlite3 shell); the
    /// check in place, a few position-list entries per row, took under 0.1% of the store benchmark's samples.
    /// Its API pages 1, 250 and 500 (three rounds, old and new in turn, on a busy machine): 10.3, 13.6 and
    /// 11.0 ms with the phrase query, 6.3, 8.9 and 8.8 ms in place. The deep pages' walk, newest first over
    /// the newest rows, is slower than the first page's count, oldest first: those rows are spread over more
    /// of the index's segments (with the index merged into one segment, 4.9 ms instead of 8.9).
    private(set) var placed: (match: String, distances: [Int])?
    /// With `rarest`: the starts in the phrase of its trigrams, in its order. Held in place they are a narrower
    /// prefilter than held anywhere in the row, read from the index alone; only the rows they leave are looked
    /// up in `product` and checked with LIKE. "Wooden chair for sale" at 1,000,000 products: 1,580 rows of
    /// 2,088 (every one a match) instead of all 2,088, each a B-tree seek and often a page read.
    private(set) var rarestDistances: [Int]?
    /// Chosen by `prepared(_:)`: the products of the query's rarest trigram (every match holds it) are at most
    /// `cap` by the figures, so the matches are likely read whole oldest first (see `newestIDs`).
    private(set) var expectsFewMatches = false

    /// `nil` when nothing searchable is left of the text (see `SearchExpression`).
    init?(_ text: String) {
        guard let expression = SearchExpression(text) else { return nil }
        self.expression = expression
    }

    /// How far `prepared(_:)` counts live the products of a trigram missing from the statistics: enough to tell
    /// rare ones from common ones. Trigrams held by this many products or more are in the statistics.
    static let rarityProbe = 256

    /// How many of the query's trigrams the verified form reads at first: the rarest two that do not overlap.
    /// Measured at 1,000,000 products, "Espresso Machine No. 123": the two rarest ("123", 1,100 products, and
    /// "Esp", 37,819) intersect in 32 rows, read and checked in 0.4 ms; every third trigram (8 lists, three of
    /// them in half the market) took 15 ms for the same 16 matches, the whole phrase 54–137 ms. A list in half
    /// the market costs a step per entry between the rows it is asked for, however few of them match.
    static let chosenTrigrams = 2

    /// At most this many trigrams are read: after the first two, another one or two as long as each is held
    /// by at most `addedTrigramReach` times the rarest's products. Two trigrams of one phrase often come
    /// together ("n c" of "Wooden chair" is nearly always followed by "hai"), and then every row they share
    /// is checked; a further list costs a step per entry (about 10 ns), a checked row 1–2 µs. Measured at
    /// 1,000,000 products, "Wooden chair for sale": "n c" and "hai" leave 6,376 rows to check for 1,580
    /// matches (13 ms); with "Woo" and "r f" 2,088 (7.7 ms). "깨끗한 의자 팝니다": 3,371 rows with two
    /// (7.6 ms), 1,867 with "깨끗한" (5.9 ms).
    static let maxChosenTrigrams = 4
    static let addedTrigramReach = 20

    /// About how many index entries the whole phrase can step through in the time of one row checked with
    /// LIKE (a B-tree seek into `product` and two LIKEs, 1–2 µs; a trigram list's entry, with its positions,
    /// about 10 ns). Measured at 1,000,000 products, "Espresso Machine": 14 trigrams of 38,000–111,000
    /// products each, 10,000+ matches; the whole phrase counts to the cap in 5.9 ms, the two rarest trigrams
    /// and LIKE in 13 ms. "Wooden chair for sale" holds seven trigrams of half the market: its phrase takes
    /// 37 ms, the narrowed form 8–13. The choice still counts every trigram of the phrase although the phrase
    /// is now read as fewer of them in place (`placed`): it errs towards the narrowed form, as before, and
    /// no query changes form.
    static let checkedRowInEntries = 150

    /// The search with its verified form narrowed to its rarest trigrams, or read as the whole phrase when
    /// that steps through fewer entries than the narrowed form would check rows (see `checkedRowInEntries`).
    /// Each distinct trigram's number of products comes from `productSearchStatistics` (one indexed read for
    /// all of them; see `TrigramStatisticsSchema`), or, for a trigram missing there, from a live count up to
    /// `rarityProbe`. The rarest is read first, then the rarest that does not overlap it (overlapping trigrams
    /// come together, so their intersection is hardly smaller), then up to `maxChosenTrigrams` in all (see
    /// `addedTrigramReach`). Which trigrams are read changes only the speed: each is in the query, so the rows
    /// read hold every match, and LIKE keeps exactly the matches; the whole phrase read as its trigrams in place
    /// is exact too (see `TrigramPlacement`). When nothing is known of any trigram (no statistics, every live
    /// count at the probe), the every-third-trigram prefilter stays.
    func prepared(_ db: Database) throws -> ProductSearch {
        guard verification != nil else { return self }
        let scalars = Array(expression.text.unicodeScalars)
        // Each distinct trigram once, by the form the index keeps (verified queries fold like `lowercased()`),
        // with how often the phrase holds it (the phrase query steps through its list once per place).
        var trigrams: [(quoted: String, key: String, start: Int)] = []
        var places: [String: Int] = [:]
        var keys: [String] = []
        for start in 0...(scalars.count - 3) {
            let window = Array(scalars[start..<start + 3])
            var key = ""
            key.unicodeScalars.append(contentsOf: window)
            key = key.lowercased()
            keys.append(key)
            places[key, default: 0] += 1
            guard places[key] == 1 else { continue }
            trigrams.append((SearchExpression.quoted(window), key, start))
        }
        let statistics = try Self.statistics(db, keys: trigrams.map(\.key))
        let probe = try db.cachedStatement(
            sql: "SELECT count(*) FROM (SELECT rowid FROM productSearch WHERE productSearch MATCH ? LIMIT \(Self.rarityProbe))")
        var estimates: [(quoted: String, start: Int, products: Int)] = []
        var knowsAny = !statistics.isEmpty
        // The entries the whole phrase steps through at most: `nil` once a trigram's products are unknown.
        var phraseEntries: Int? = 0
        var productsByKey: [String: Int] = [:]
        for trigram in trigrams {
            var products = Int.max
            if let counted = statistics[trigram.key] {
                products = counted
            } else {
                let counted = try Int.fetchOne(probe, arguments: [trigram.quoted]) ?? 0
                // At the probe: common since the statistics were counted, by how much is unknown, so read only
                // if nothing else is.
                if counted < Self.rarityProbe {
                    knowsAny = true
                    products = counted
                }
            }
            estimates.append((trigram.quoted, trigram.start, products))
            productsByKey[trigram.key] = products
            if products == Int.max {
                phraseEntries = nil
            } else if let entries = phraseEntries {
                let (added, overflow) = products.multipliedReportingOverflow(by: places[trigram.key] ?? 1)
                phraseEntries = overflow ? nil : entries + added
            }
        }
        guard knowsAny else { return self }
        estimates.sort { $0.products != $1.products ? $0.products < $1.products : $0.start < $1.start }
        // At most the rarest's products are checked, and no more than the walk to one past the cap.
        let checked = min(estimates[0].products, Self.cap + 1)
        if let phraseEntries, phraseEntries < checked * Self.checkedRowInEntries {
            var copy = self
            copy.readsWholePhrase = true
            copy.expectsFewMatches = estimates[0].products <= Self.cap
            let starts = Self.cover(entries: keys.map { productsByKey[$0] ?? Int.max })
            let match = starts.map { SearchExpression.quoted(Array(scalars[$0..<$0 + 3])) }.joined(separator: " AND ")
            copy.placed = (match, starts)
            return copy
        }
        var chosen = [estimates[0]]
        while chosen.count < Self.chosenTrigrams {
            let apart = estimates.first { candidate in chosen.allSatisfy { abs($0.start - candidate.start) >= 3 } }
            guard let next = apart ?? estimates.first(where: { candidate in !chosen.contains { $0.start == candidate.start } }) else { break }
            chosen.append(next)
        }
        let reach = estimates[0].products > Int.max / Self.addedTrigramReach ? Int.max : estimates[0].products * Self.addedTrigramReach
        while chosen.count < Self.maxChosenTrigrams {
            // Apart from every chosen one by three scalars if any is, else by two (one scalar shared).
            let near = estimates.filter { candidate in candidate.products <= reach && !chosen.contains { $0.start == candidate.start } }
            let apart = near.first { candidate in chosen.allSatisfy { abs($0.start - candidate.start) >= 3 } }
            guard let next = apart ?? near.first(where: { candidate in chosen.allSatisfy { abs($0.start - candidate.start) >= 2 } }) else { break }
            chosen.append(next)
        }
        var copy = self
        copy.rarest = chosen.map(\.quoted).joined(separator: " AND ")
        copy.rarestDistances = chosen.map(\.start)
        copy.expectsFewMatches = estimates[0].products <= Self.cap
        return copy
    }

    /// The starts of the trigrams that fix every scalar of a phrase with the fewest index entries, given each
    /// start's trigram's entries: the first at 0, the last at the end, each at most three after the one before
    /// (so no scalar is left between them); fewer trigrams on a tie. Held in place, they hold the phrase.
    static func cover(entries: [Int]) -> [Int] {
        guard !entries.isEmpty else { return [] }
        // Per start, the cheapest cover of the scalars up to its trigram's end that ends with it.
        var best: [(entries: Int, trigrams: Int, before: Int)] = []
        for (start, own) in entries.enumerated() {
            let cost = min(own, 1 << 40)
            guard start > 0 else {
                best.append((cost, 1, -1))
                continue
            }
            var chosen = (entries: Int.max, trigrams: Int.max, before: -1)
            for before in max(0, start - 3)..<start {
                let candidate = (entries: best[before].entries + cost, trigrams: best[before].trigrams + 1, before: before)
                if (candidate.entries, candidate.trigrams) < (chosen.entries, chosen.trigrams) { chosen = candidate }
            }
            best.append(chosen)
        }
        var starts: [Int] = []
        var start = entries.count - 1
        while start >= 0 {
            starts.append(start)
            start = best[start].before
        }
        return starts.reversed()
    }

    /// The counted products of each of `keys` that the statistics hold.
    static func statistics(_ db: Database, keys: [String]) throws -> [String: Int] {
        guard !keys.isEmpty else { return [:] }
        let sql = "SELECT trigram, products FROM productSearchStatistics WHERE trigram IN (\(databaseQuestionMarks(count: keys.count)))"
        var counts: [String: Int] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(each: keys)) {
            counts[row[0]] = row[1]
        }
        return counts
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
        verification == nil || readsWholePhrase ? nil : "(product.name LIKE ? ESCAPE '\\' OR product.description LIKE ? ESCAPE '\\')"
    }

    /// The check of the MATCH query's trigrams in place (`placed`'s or `rarest`'s), on the trigram index.
    private var placedCondition: String? {
        (placed?.distances ?? rarestDistances).map { "\(TrigramPlacement.name)(productSearch, \($0.map(String.init).joined(separator: ", ")))" }
    }

    /// The matching ids as column `id`, in the full-text index's rowid order once an ORDER BY asks for it.
    var selectSQL: String {
        if placed != nil, let placedCondition {
            return "SELECT \(table).rowid AS id FROM \(table) WHERE \(table) MATCH ? AND \(placedCondition)"
        }
        guard let likeCondition else { return "SELECT \(table).rowid AS id FROM \(table) WHERE \(table) MATCH ?" }
        // The placement check reads only the index, so the rows it rejects are never looked up in `product`.
        let placement = placedCondition.map { " AND \($0)" } ?? ""
        return "SELECT \(table).rowid AS id FROM \(table) JOIN product ON product.id = \(table).rowid WHERE \(table) MATCH ?\(placement) AND \(likeCondition)"
    }

    /// The newest `cap` matching ids, to join with other conditions.
    var candidatesSQL: String {
        "\(selectSQL) ORDER BY \(table).rowid DESC LIMIT \(Self.cap)"
    }

    var arguments: StatementArguments {
        if let placed { return [placed.match] }
        guard let verification, !readsWholePhrase else { return [expression.match] }
        return [rarest ?? verification.prefilter, verification.pattern, verification.pattern]
    }

    /// The number of matches up to `cap`, and whether there are more.
    func count(_ db: Database) throws -> (count: Int, isCapped: Bool) {
        let sql = "SELECT count(*) FROM (\(selectSQL) LIMIT \(Self.cap + 1))"
        let count = try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
        return (min(count, Self.cap), count > Self.cap)
    }

    /// The newest `cap + 1` matching ids, newest first: one bounded walk gives a page and the count.
    ///
    /// When the figures promise at most `cap` matches (`expectsFewMatches`), they are read oldest first: FTS5
    /// steps through its lists backwards at a cost (measured at 1,000,000 products, "Wooden chair for sale",
    /// 1,580 matches: 4.4 ms oldest first, 6.3 ms newest first; the whole phrase "Espresso Machine" 6.0 and
    /// 8.4 ms, and as six trigrams in place 2.8 and 4.0 ms on a slower day, see `placed`). A walk that finds all of them, `cap` or fewer, holds every match, so its reverse is the newest
    /// first walk's answer; one that finds more (figures gone stale) is read again newest first.
    func newestIDs(_ db: Database) throws -> [Int64] {
        if expectsFewMatches {
            let sql = "\(selectSQL) ORDER BY \(table).rowid ASC LIMIT \(Self.cap + 1)"
            let oldest = try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            if oldest.count <= Self.cap { return oldest.reversed() }
        }
        let sql = "\(selectSQL) ORDER BY \(table).rowid DESC LIMIT \(Self.cap + 1)"
        return try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
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
        var conditions = ["\(table) MATCH ?"] + (placedCondition.map { [$0] } ?? []) + (likeCondition.map { [$0] } ?? [])
        if hasStart { conditions.append("\(table).rowid \(newestFirst ? "<" : ">") ?") }
        if let condition { conditions.append(condition) }
        return "SELECT product.id FROM \(table) JOIN product ON product.id = \(table).rowid WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY \(table).rowid \(newestFirst ? "DESC" : "ASC") LIMIT ?"
    }
}
