import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// A long search reads a few of its trigrams and checks that the row holds them in place, one after another
/// as in the phrase (`TrigramPlacement`): the whole phrase as the trigrams that fix each of its scalars, and
/// the rarest trigrams before their rows are checked with LIKE. Rows holding every trigram but out of place,
/// split across name and description, or short of a scalar must not be found; every real match must be.
@Suite("Trigrams in place", .timeLimit(.minutes(10)))
struct TrigramPlacementTests {
    /// Name and description of each product: matches of either phrase in either column and case, a phrase held
    /// twice or after a false start of it, and rows holding its trigrams but not the phrase.
    static let texts: [(String, String)] = [
        ("Espresso Machine", "Barely used."),
        ("Machine Espresso", "Espresso-Machine, never the other way round."),
        ("Espresso Mach", "ine with a milk frother."),
        ("Esprespresso Machine", "A false start, then the phrase."),
        ("Espresso Espresso Machine", "The phrase after its first word."),
        ("Esp res sso o M ach ine hin chi Mac", "so  Ma pre spr ess: every trigram, none in place."),
        ("Coffee grinder", "Comes with an ESPRESSO MACHINE."),
        ("Espresso Machin", "e"),
        ("Espresso Machines", "Two of them."),
        ("Wooden chair for sale", "Solid oak."),
        ("Wooden chair for rent", "Or the chair for sale next to it."),
        ("n chair Wooden hai", "r f for sale Woo: trigrams out of place."),
        ("Old desk", "WOODEN CHAIR FOR SALE, see photos."),
        ("Wooden chair for sale, Wooden chair for sale", "Twice."),
        ("Wooden  chair for sale", "Two spaces."),
        ("Wooden chair fo", "r sale"),
    ]

    /// A market of `texts` (each three times, oldest first), with figures that read "Espresso Machine" as its
    /// trigrams in place and "Wooden chair for sale" as its rarest two trigrams in place, then LIKE.
    static func market() async throws -> (TestMarket, [SearchNarrowingTests.Product]) {
        let test = try await TestMarket()
        try await test.market.database.write { db in
            let vendor = try Int64.fetchOne(db, sql: "SELECT id FROM vendor LIMIT 1")
            for _ in 0..<3 {
                for (name, description) in texts {
                    try db.execute(
                        sql: """
                            INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                            VALUES (?, ?, ?, 'KRW', 1000, 0, 1, '2026-01-01 00:00:00')
                            """, arguments: [vendor, name, description])
                }
            }
            try db.execute(sql: "DELETE FROM productSearchStatistics")
            let figures: [(String, (String) -> Int)] = [
                ("espresso machine", { _ in 300 }), ("wooden chair for sale", { ["n c": 10, "hai": 50][$0] ?? 100_000 }),
            ]
            for (text, figure) in figures {
                let scalars = Array(text)
                for start in 0...(scalars.count - 3) {
                    let trigram = String(scalars[start..<start + 3])
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO productSearchStatistics (trigram, products) VALUES (?, ?)", arguments: [trigram, figure(trigram)])
                }
            }
        }
        let products = try await test.market.database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, description, stock > 0, currency FROM product ORDER BY id DESC").map { row in
                SearchNarrowingTests.Product(id: row[0], text: [row[1], row[2]], inStock: row[3], currency: row[4])
            }
        }
        return (test, products)
    }

    @Test func theWholePhraseAndTheRarestTrigramsAreReadInPlace() async throws {
        let (test, products) = try await Self.market()
        let (espresso, wooden) = try await test.market.database.read { db in
            (try ProductSearch("Espresso Machine")?.prepared(db), try ProductSearch("Wooden chair for sale")?.prepared(db))
        }
        // The whole phrase: trigrams from its first scalar to its last, none more than three apart.
        #expect(espresso?.readsWholePhrase == true)
        let distances = try #require(espresso?.placed?.distances)
        #expect(distances.first == 0 && distances.last == "Espresso Machine".count - 3)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 <= 3 })
        #expect(espresso?.placed?.match.hasPrefix("\"Esp\" AND ") == true)
        #expect(espresso?.arguments == [espresso?.placed?.match])
        // The rarest: "n c" (at 5), then "hai" (at 8), each where the phrase holds it.
        #expect(wooden?.readsWholePhrase == false)
        #expect(wooden?.rarestDistances?.prefix(2) == [5, 8])

        for query in ["Espresso Machine", "espresso machine", "ESPRESSO MACHINE", "Wooden chair for sale", "WOODEN CHAIR FOR SALE"] {
            let expected = SearchNarrowingTests.expected(query, in: products)
            #expect(expected.count >= 9 && expected.count < products.count / 2, "\(query)")
            try await SearchNarrowingTests.expectExactResults(test, products, [query], "in place")
            var paged: [Int] = []
            for offset in stride(from: 0, to: expected.count + 2, by: 2) {
                let page = try await test.market.listingPage(ProductListing(search: query), limit: 2, offset: offset)
                #expect(page.total == expected.count && !page.totalIsCapped, "\(query) at \(offset)")
                paged += page.products.map(\.id)
            }
            #expect(paged == expected, "\(query)")
            let exported = ExportedIDs()
            try await test.market.exportListing(ProductListing(search: query), batchSize: 2) { batch in await exported.add(batch.map(\.id)) }
            #expect(await exported.ids == expected, "\(query): export")
        }
    }

    /// The whole phrase in place at the cap's edges: no match, one, exactly `cap`, and `cap + 1` (counted as
    /// "cap or more", the pages those of the newest `cap`), newest and oldest first, first, deep and last pages.
    @Test func countsAndPagesInPlaceAtTheCapsEdges() async throws {
        let test = try await TestMarket()
        let cap = ProductSearch.cap
        try await test.market.database.write { db in
            let vendor = try Int64.fetchOne(db, sql: "SELECT id FROM vendor LIMIT 1")
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(cap + 1))
                    INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                    SELECT ?, CASE WHEN i % 3 = 0 THEN 'Lamp, brass' ELSE 'Brass lamp ' || i END,
                        CASE WHEN i % 3 = 0 THEN 'A brass lamp for sale.' ELSE 'Polished.' END,
                        'KRW', 1000, 0, 1, '2026-01-01 00:00:00' FROM n
                    """, arguments: [vendor])
            try db.execute(
                sql: """
                    INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                    VALUES (?, 'Copper kettle', 'Whistles.', 'KRW', 1000, 0, 1, '2026-01-01 00:00:00'),
                        (?, 'Kettle, copper', 'Brass lam p.', 'KRW', 1000, 0, 1, '2026-01-01 00:00:00')
                    """, arguments: [vendor, vendor])
            // Every trigram in five products: the whole phrase is read, in place.
            for text in ["brass lamp", "copper kettle", "kettle copper"] {
                let scalars = Array(text)
                for start in 0...(scalars.count - 3) {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO productSearchStatistics (trigram, products) VALUES (?, 5)",
                        arguments: [String(scalars[start..<start + 3])])
                }
            }
        }
        func matching(_ text: String) async throws -> [Int] {
            try await test.market.database.read { db in
                try Int.fetchAll(db, sql: "SELECT id FROM product WHERE name LIKE ?1 OR description LIKE ?1 ORDER BY id DESC", arguments: ["%\(text)%"])
            }
        }
        func expectPages(_ text: String, _ label: String) async throws {
            let prepared = try await test.market.database.read { db in try ProductSearch(text)?.prepared(db) }
            #expect(prepared?.placed != nil, "\(label)")
            let all = try await matching(text)
            let newest = Array(all.prefix(cap))
            for ascending in [false, true] {
                let kept = ascending ? Array(newest.reversed()) : newest
                for offset in Set([0, 50, cap / 2, max(0, newest.count - 50), newest.count]) {
                    let page = try await test.market.listingPage(ProductListing(search: text, ascending: ascending), limit: 50, offset: offset)
                    #expect(page.total == newest.count && page.totalIsCapped == (all.count > cap), "\(label) at \(offset)")
                    #expect(page.products.map(\.id) == Array(kept.dropFirst(offset).prefix(50)), "\(label) at \(offset)")
                }
            }
        }
        #expect(try await matching("Brass lamp").count == cap + 1)
        try await expectPages("Brass lamp", "cap + 1")
        try await test.market.database.write { db in
            try db.execute(sql: "DELETE FROM product WHERE id = (SELECT max(id) FROM product WHERE name LIKE 'Brass lamp %')")
        }
        #expect(try await matching("Brass lamp").count == cap)
        try await expectPages("Brass lamp", "cap")
        #expect(try await matching("Copper kettle").count == 1)
        try await expectPages("Copper kettle", "one")
        #expect(try await matching("Kettle copper").isEmpty)
        try await expectPages("Kettle copper", "none")
    }

    /// The cheapest trigrams that leave no scalar between them: rare ones are worth one more trigram.
    @Test func theCoverIsTheCheapestChainFromFirstToLast() {
        #expect(ProductSearch.cover(entries: [1, 100, 100, 1, 100, 100, 1]) == [0, 3, 6])
        #expect(ProductSearch.cover(entries: [1, 1, 100, 100, 1, 100, 1]) == [0, 1, 4, 6])
        #expect(ProductSearch.cover(entries: [5, 5, 5, 5, 5, 5, 5]) == [0, 3, 6])
        #expect(ProductSearch.cover(entries: [7]) == [0])
        #expect(ProductSearch.cover(entries: [Int.max, Int.max, Int.max, Int.max, Int.max]).count == 3)
        for count in 1...40 {
            let entries = (0..<count).map { ($0 * 7_919) % 13 + 1 }
            let starts = ProductSearch.cover(entries: entries)
            #expect(starts.first == 0 && starts.last == count - 1)
            #expect(zip(starts, starts.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 <= 3 }, "\(entries)")
        }
    }
}

actor ExportedIDs {
    var ids: [Int] = []
    func add(_ more: [Int]) { ids += more }
}
