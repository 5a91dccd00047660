import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// The export's keyset batches: every selected product once, in the listing's order, whatever the batch size.
@Suite("Export batches", .timeLimit(.minutes(10)))
struct ExportTests {
    static func exported(_ market: SQLiteMarket, _ listing: ProductListing, batchSize: Int) async throws -> [Int] {
        var ids: [Int] = []
        var cursor: ExportCursor?
        var batches = 0
        repeat {
            let batch = try await market.exportBatch(listing, after: cursor, limit: batchSize)
            #expect(batch.products.count <= batchSize)
            ids += batch.products.map(\.id)
            cursor = batch.next
            batches += 1
        } while cursor != nil && batches < 10_000
        return ids
    }

    @Test func everyListingIsExportedWholeInItsOrder() async throws {
        let test = try await ListingPagingTests.filledMarket(3_000)
        let listings = [
            ProductListing(), ProductListing(ascending: true), ProductListing(sort: .price, ascending: true),
            ProductListing(sort: .name, stock: .soldOut, currency: .usd), ProductListing(sort: .vendor, ascending: true, stock: .inStock),
            ProductListing(sort: .date, currency: .krw), ProductListing(sort: .discount), ProductListing(sort: .stock, ascending: true),
        ]
        for listing in listings {
            let request = ListingRequest(listing)
            let expected = try await test.market.database.read { db in
                try ListingPagingTests.expected(db, request, limit: 1_000_000, offset: 0).map(Int.init)
            }
            #expect(try await Self.exported(test.market, listing, batchSize: 333) == expected, "\(listing)")
        }
    }

    @Test func aSearchIsExportedWholeNewestFirstBeyondTheCap() async throws {
        let test = try await ListingPagingTests.filledMarket(1_200)
        let listing = ProductListing(search: "e", stock: .inStock)
        let expected = try await test.market.database.read { db in
            try Int.fetchAll(db, sql: """
                SELECT id FROM product WHERE (lower(name) LIKE '%e%' OR lower(description) LIKE '%e%') AND stock > 0 ORDER BY id DESC
                """)
        }
        #expect(expected.count > 100)
        #expect(try await Self.exported(test.market, listing, batchSize: 100) == expected)
    }

    @Test func productsDeletedDuringTheExportAreSkippedAndNoneRepeated() async throws {
        let test = try await ListingPagingTests.filledMarket(900)
        let first = try await test.market.exportBatch(ProductListing(), after: nil, limit: 300)
        try await test.market.database.write { db in try db.execute(sql: "DELETE FROM product WHERE id % 2 = 0") }
        var ids = first.products.map(\.id)
        var cursor = first.next
        while let next = cursor {
            let batch = try await test.market.exportBatch(ProductListing(), after: next, limit: 300)
            ids += batch.products.map(\.id)
            cursor = batch.next
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids == ids.sorted(by: >))
        let expectedCount = 300 + 300
        #expect(ids.count == expectedCount)
    }
}
