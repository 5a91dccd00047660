import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
@testable import OpenMarketStore
import Testing

/// A long search reads only its rarest trigrams (chosen from `productSearchStatistics` and live counts) and
/// checks those rows with LIKE. Whatever it chooses, it must find exactly the products whose name or
/// description holds the text: checked against every product of a filled market, for substrings of real
/// names and descriptions, with the statistics as counted, wiped, and deliberately wrong.
@Suite("Narrowed long searches", .timeLimit(.minutes(10)))
struct SearchNarrowingTests {
    struct Product {
        let id: Int
        let text: [String]
        let inStock: Bool
        let currency: String
    }

    /// A market filled with 3,000 products: many trigrams are held by more than `rarityProbe` products, so
    /// the statistics hold some and live counts answer the others.
    static func filledMarket() async throws -> (TestMarket, [Product]) {
        let test = try await TestMarket()
        try await test.market.fill(products: 3_000, batchSize: 1_000, seed: 42)
        let products = try await test.market.database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, description, stock > 0, currency FROM product ORDER BY id DESC").map { row in
                Product(id: row[0], text: [row[1], row[2]], inStock: row[3], currency: row[4])
            }
        }
        return (test, products)
    }

    /// Case folded as the trigram index folds it for these texts (ASCII letters; Hangul has no case).
    static func expected(_ query: String, in products: [Product]) -> [Int] {
        let needle = query.lowercased()
        return products.filter { product in product.text.contains { $0.lowercased().contains(needle) } }.map(\.id)
    }

    /// Substrings of names and descriptions (some across a word boundary, some upper-cased), the same with
    /// one character changed, and a name's end joined to its description's start (in no single column).
    static func queries(from products: [Product]) -> [String] {
        var queries: [String] = ["Espresso Machine No. 1", "Wooden chair for sale", "chair for sale. Price", "깨끗한 의자 팝니다"]
        for (index, product) in products.enumerated() where index % 97 == 0 {
            for (column, text) in product.text.enumerated() {
                let scalars = Array(text.unicodeScalars)
                for length in [6, 9, 14, 23] where scalars.count > length {
                    let start = (index + column * 7 + length) % (scalars.count - length)
                    var query = ""
                    query.unicodeScalars.append(contentsOf: scalars[start..<start + length])
                    guard query.trimmingCharacters(in: .whitespaces).unicodeScalars.count == length else { continue }
                    queries.append(index % 2 == 0 ? query : query.uppercased())
                    var changed = Array(query.unicodeScalars)
                    changed[length / 2] = changed[length / 2] == "q" ? "z" : "q"
                    var mutated = ""
                    mutated.unicodeScalars.append(contentsOf: changed)
                    queries.append(mutated)
                }
            }
            let across = String(product.text[0].suffix(4)) + String(product.text[1].prefix(4))
            if across.trimmingCharacters(in: .whitespaces) == across { queries.append(across) }
        }
        return queries
    }

    static func expectExactResults(_ test: TestMarket, _ products: [Product], _ queries: [String], _ label: String) async throws {
        for query in queries {
            let expected = Self.expected(query, in: products)
            let page = try await test.market.listingPage(ProductListing(search: query), limit: 5_000, offset: 0)
            #expect(page.products.map(\.id) == expected, "\(label): \(query)")
            #expect(page.total == expected.count, "\(label): \(query)")
            let oldest = try await test.market.listingPage(ProductListing(search: query, ascending: true), limit: 5_000, offset: 0)
            #expect(oldest.products.map(\.id) == expected.reversed(), "\(label): \(query)")
        }
    }

    @Test func narrowedSearchFindsExactlyTheProductsHoldingTheText() async throws {
        let (test, products) = try await Self.filledMarket()
        let queries = Self.queries(from: products)
        #expect(queries.count > 100)
        // The searches this test is about: long enough to be narrowed, with statistics to narrow them by.
        let counted = try await test.market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM productSearchStatistics") }
        #expect((counted ?? 0) > 10)
        let narrowed = try await test.market.database.read { db in
            try queries.compactMap { try ProductSearch($0)?.prepared(db).rarest }
        }
        #expect(narrowed.count > queries.count / 2)
        #expect(queries.contains { !Self.expected($0, in: products).isEmpty } && queries.contains { Self.expected($0, in: products).isEmpty })

        try await Self.expectExactResults(test, products, queries, "counted")
    }

    @Test func wrongOrMissingStatisticsChangeNoResult() async throws {
        let (test, products) = try await Self.filledMarket()
        let queries = Self.queries(from: products).enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        // Every common trigram claimed rare: the commonest ones are read first.
        try await test.market.database.write { db in
            try db.execute(sql: "UPDATE productSearchStatistics SET products = 3000 / products")
        }
        try await Self.expectExactResults(test, products, queries, "inverted")
        // None counted: live counts up to the probe decide, or the every-third prefilter when all saturate.
        try await test.market.database.write { db in try db.execute(sql: "DELETE FROM productSearchStatistics") }
        try await Self.expectExactResults(test, products, queries, "none")
        // Counted again: back to the real figures.
        try await test.market.refreshSearchStatistics()
        let counted = try await test.market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM productSearchStatistics") }
        #expect((counted ?? 0) > 10)
    }

    /// Pages read one by one (the first page counts and reads a few ids; the others read the matches once and
    /// cut the page from them; filtered ones read the selected candidates once) join into the whole listing.
    @Test func searchPagesJoinIntoTheWholeListingInEveryOrderAndFilter() async throws {
        let (test, products) = try await Self.filledMarket()
        let listings: [ProductListing] = ["chair", "의자", "Wooden Chair", "Espresso Machine No. 1"].flatMap { text in
            [
                ProductListing(search: text), ProductListing(search: text, ascending: true),
                ProductListing(search: text, stock: .inStock), ProductListing(search: text, ascending: true, currency: .usd),
                ProductListing(search: text, sort: .price, stock: .soldOut), ProductListing(search: text, sort: .name, ascending: true),
            ]
        }
        for listing in listings {
            let whole = try await test.market.listingPage(listing, limit: 5_000, offset: 0)
            var expected = Self.expected(listing.search ?? "", in: products).compactMap { id in products.first { $0.id == id } }
            if listing.stock == .inStock { expected = expected.filter(\.inStock) }
            if listing.stock == .soldOut { expected = expected.filter { !$0.inStock } }
            if listing.currency == .usd { expected = expected.filter { $0.currency == "USD" } }
            #expect(whole.total == expected.count, "\(listing)")
            if listing.sort == .id {
                let ids = expected.map(\.id)
                #expect(whole.products.map(\.id) == (listing.ascending ? ids.reversed() : ids), "\(listing)")
            } else {
                #expect(Set(whole.products.map(\.id)) == Set(expected.map(\.id)), "\(listing)")
            }
            var paged: [Int] = []
            for offset in stride(from: 0, to: whole.total + 7, by: 7) {
                let page = try await test.market.listingPage(listing, limit: 7, offset: offset)
                #expect(page.total == whole.total, "\(listing) at \(offset)")
                paged += page.products.map(\.id)
            }
            #expect(paged == whole.products.map(\.id), "\(listing)")
        }
    }

    @Test func theRarestTrigramsAreChosenApart() async throws {
        let (test, _) = try await Self.filledMarket()
        // "123" is in a few products' numbers; "Esp" in many more; the other trigrams of the phrase in more still.
        let prepared = try await test.market.database.read { db in try ProductSearch("Espresso Machine No. 123")?.prepared(db) }
        let chosen = try #require(prepared?.rarest).components(separatedBy: " AND ")
        #expect((2...ProductSearch.maxChosenTrigrams).contains(chosen.count))
        #expect(chosen.first == "\"123\"")
        #expect(!chosen.contains("\" 12\"") && !chosen.contains("\". 1\""), "overlapping trigrams read together: \(chosen)")
        #expect(Set(chosen).count == chosen.count)
    }

    /// With set figures: the rarest, the rarest apart from it, then further ones apart from all chosen while
    /// held by at most `addedTrigramReach` times the rarest's products; the whole phrase once its lists hold
    /// fewer entries than the rows the rarest would leave to check.
    @Test func furtherTrigramsAreReadWithinReachAndTheWholePhraseWhenCheaper() async throws {
        let test = try await TestMarket()
        let text = "abcdefghijkl"
        func prepared(_ figures: [String: Int]) async throws -> ProductSearch? {
            try await test.market.database.write { db in
                try db.execute(sql: "DELETE FROM productSearchStatistics")
                for (trigram, products) in figures {
                    try db.execute(sql: "INSERT INTO productSearchStatistics (trigram, products) VALUES (?, ?)", arguments: [trigram, products])
                }
            }
            return try await test.market.database.read { db in try ProductSearch(text)?.prepared(db) }
        }
        let scalars = Array(text)
        let trigrams = (0...(scalars.count - 3)).map { String(scalars[$0..<$0 + 3]) }
        var figures = Dictionary(uniqueKeysWithValues: trigrams.map { ($0, 100_000) })
        figures["abc"] = 10
        figures["ghi"] = 50
        figures["jkl"] = 150
        figures["def"] = 10 * ProductSearch.addedTrigramReach + 1
        let narrowed = try await prepared(figures)
        #expect(narrowed?.rarest == "\"abc\" AND \"ghi\" AND \"jkl\"")
        #expect(narrowed?.readsWholePhrase == false)
        // Every trigram in 300 products: ten lists of 300 entries cost less than checking 300 rows.
        let phrase = try await prepared(Dictionary(uniqueKeysWithValues: trigrams.map { ($0, 300) }))
        #expect(phrase?.readsWholePhrase == true)
        #expect(phrase?.rarest == nil)
        #expect(try await test.market.listingPage(ProductListing(search: text), limit: 10, offset: 0).total == 0)
    }

    /// Figures promising few matches are read oldest first; when they are stale and the walk finds more than
    /// the cap, the newest matches are read again newest first, so the pages are those of the newest `cap`.
    @Test func staleFiguresOfFewMatchesStillGiveTheNewestCapMatches() async throws {
        let test = try await TestMarket()
        _ = try await test.create(name: "Plain stool", description: "Nothing to find here.")
        try await test.market.database.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(ProductSearch.cap + 5))
                INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                SELECT (SELECT vendorId FROM product LIMIT 1), 'Brass lamp ' || i, 'A brass lamp for sale.', 'KRW', 1000, 0, 1,
                    '2026-01-01 00:00:00' FROM n
                """)
            // Every trigram of the query claimed to be in five products.
            for trigram in ["bra", "ras", "ass", "ss ", "s l", " la", "lam", "amp"] {
                try db.execute(sql: "INSERT OR REPLACE INTO productSearchStatistics (trigram, products) VALUES (?, 5)", arguments: [trigram])
            }
        }
        let newest = try await test.market.database.read { db in
            try Int.fetchAll(db, sql: "SELECT id FROM product WHERE name LIKE 'Brass lamp %' ORDER BY id DESC LIMIT \(ProductSearch.cap)")
        }
        let prepared = try await test.market.database.read { db in try ProductSearch("Brass lamp")?.prepared(db) }
        #expect(prepared?.expectsFewMatches == true)
        for offset in [0, 50, ProductSearch.cap - 50] {
            let page = try await test.market.listingPage(ProductListing(search: "Brass lamp"), limit: 50, offset: offset)
            #expect(page.total == ProductSearch.cap && page.totalIsCapped, "at \(offset)")
            #expect(page.products.map(\.id) == Array(newest[offset..<offset + 50]), "at \(offset)")
        }
    }

    /// "Espresso Machine": every trigram in about one product of 27, and the rarest as common as the
    /// phrase, so checking its rows would check every match; the whole phrase is read from the index instead,
    /// as the trigrams that fix each of its scalars, held in place (see `TrigramPlacementTests`).
    /// "Wooden chair for sale" holds trigrams of half the market: its rarest trigrams' rows are checked.
    @Test func theWholePhraseIsReadWhereItsListsAreShorterThanTheRowsToCheck() async throws {
        let (test, products) = try await Self.filledMarket()
        let (espresso, wooden) = try await test.market.database.read { db in
            (try ProductSearch("Espresso Machine")?.prepared(db), try ProductSearch("Wooden chair for sale")?.prepared(db))
        }
        #expect(espresso?.readsWholePhrase == true)
        #expect(espresso?.rarest == nil)
        #expect(espresso?.placed?.distances.first == 0 && espresso?.placed?.distances.last == "Espresso Machine".count - 3)
        #expect(espresso?.arguments == [espresso?.placed?.match])
        #expect(wooden?.readsWholePhrase == false)
        #expect(wooden?.rarest != nil)
        let queries = ["Espresso Machine", "espresso machine", "ESPRESSO MACHINE", "Espresso Machinq", "Wooden chair for sale"]
        try await Self.expectExactResults(test, products, queries, "phrase")
        #expect(!Self.expected("Espresso Machine", in: products).isEmpty)
    }

    @Test func statisticsAreCountedAfterAFillAndKeepOnlyCommonTrigrams() async throws {
        let (test, products) = try await Self.filledMarket()
        let rows = try await test.market.database.read { db in
            try Row.fetchAll(db, sql: "SELECT trigram, products FROM productSearchStatistics").map { ($0[0] as String, $0[1] as Int) }
        }
        #expect(rows.allSatisfy { $0.1 >= ProductSearch.rarityProbe })
        // Each figure is the number of products holding the trigram, in either column, case folded.
        for (trigram, count) in rows.prefix(20) {
            #expect(Self.expected(trigram, in: products).count == count, "\(trigram)")
        }
    }
}
