import OpenMarketEmbedded
import OpenMarketInput
import Foundation
import GRDB
import OpenMarketCore
@testable import OpenMarketStore
import Testing

/// The fill command's store function, on a real database file as the command uses it.
@Suite("Fill", .timeLimit(.minutes(10)))
struct FillTests {
    @Test func aFilledFileDatabaseIsConsistentVariedAndSearchable() async throws {
        let directory = try MarketDatabaseTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try MarketDatabase.open(path: directory.appending(path: "market.sqlite").path, logger: TestMarket.quietLogger)
        let market = SQLiteMarket(database: pool, hasher: TestMarket.hasher, logger: TestMarket.quietLogger)

        let report = try await market.fill(products: 2_500, batchSize: 1_000)

        #expect(report.products == 2_500)
        #expect(try await market.productCount() == 2_500)
        #expect(try await market.consistencyProblems(sample: 500) == [])
        let figures = try await pool.read { db in
            (
                withoutImage: try Int.fetchOne(db, sql: "SELECT count(*) FROM product WHERE id NOT IN (SELECT productId FROM productImage)"),
                cells: try Int.fetchAll(db, sql: "SELECT total FROM productCellCounter ORDER BY cell"),
                korean: try Int.fetchOne(db, sql: "SELECT count(*) FROM product WHERE name GLOB '*[가-힣]*'"),
                discounted: try Int.fetchOne(db, sql: "SELECT count(*) FROM product WHERE discountMinor > 0")
            )
        }
        #expect(figures.withoutImage == 0)
        // The fill's many transactions leave each full-text index in several segments; it ends merged into one.
        let segments = try await pool.read { db in
            try ["productSearch", "productShortSearch"].map { table in
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM \(table)_idx")
            }
        }
        #expect(segments == [1, 1])
        #expect(figures.cells.allSatisfy { $0 > 0 }, "every stock × currency cell has products: \(figures.cells)")
        #expect((figures.korean ?? 0) > 500 && (figures.korean ?? 0) < 2_000)
        #expect((figures.discounted ?? 0) > 0)

        // A filled product is a product like any other: its images are served, and a search finds it.
        let page = try #require(try await market.products(ProductQuery(page: 40, perPage: 20)))
        let product = try await market.product(id: try #require(page.products.first).id)
        #expect(!product.images.isEmpty)
        for image in product.images {
            let stored = try await market.image(named: String(image.url.split(separator: "/").last ?? ""))
            #expect(stored.map { ImageHeader.read([UInt8]($0.bytes)) != nil } == true, "\(image.url)")
        }
        let found = try await market.listingPage(ProductListing(search: product.name), limit: 50, offset: 0)
        #expect(found.products.map(\.id).contains(product.id))
        try pool.close()
    }

    @Test func fillingTwiceAddsToTheSameVendors() async throws {
        let test = try await TestMarket()
        try await test.market.fill(products: 100)
        try await test.market.fill(products: 50, seed: 7)
        let vendors = try await test.market.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(DISTINCT vendorId) FROM product")
        }
        #expect(vendors == EmbeddedMarket.fillVendorCount)
        #expect(try await test.market.productCount() == 150)
        #expect(try await test.market.consistencyProblems() == [])
    }

    /// The fill writes the short index's words itself; they must be the words the trigger writes for any row.
    @Test func theFillsShortIndexWordsAreTheTriggersWords() async throws {
        let test = try await TestMarket()
        try await test.market.fill(products: 300)
        _ = try await test.create(name: "Ünïcode Café 의자 👨\u{200D}👩", description: "Tabs\tand\nlines, ÀÉ and ß.")
        let rows = try await test.market.database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, description, \(ShortSearchSchema.document("product")) AS words FROM product")
        }
        #expect(rows.count == 301)
        for row in rows {
            let swift = ShortSearchSchema.document(name: row["name"], description: row["description"])
            let sql: String = row["words"]
            #expect(Set(swift.split(separator: " ")) == Set(sql.split(separator: " ")), "\(row["name"] as String)")
        }
        #expect(try await test.market.consistencyProblems() == [])
    }

    @Test func aBulkFillLeavesTheSchemaAsItWasAndEveryListingRight() async throws {
        let test = try await ListingPagingTests.filledMarket(1_000)
        _ = try await test.create(name: "Made by hand", stock: 0)
        let schema = { @Sendable (db: Database) in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
        }
        let before = try await test.market.database.read(schema)

        try await test.market.fill(products: 4_000, seed: 42, bulk: true)

        #expect(try await test.market.database.read(schema) == before)
        #expect(try await test.market.productCount() == 5_001)
        #expect(try await test.market.consistencyProblems(sample: 400) == [])
        try await ListingPagingTests.compareEveryListing(test)
        // The triggers work again afterwards.
        _ = try await test.create(name: "After the bulk fill", description: "Still found by its words.")
        #expect(try await test.market.products(ProductQuery(search: "bulk fill"))?.totalCount == 1)
        #expect(try await test.market.consistencyProblems(sample: 50) == [])
    }
}
