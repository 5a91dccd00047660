import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// Numbered pages through the rank tables must be exactly the pages an OFFSET over the whole order gives,
/// for every order, direction and filter, before and after deletes, inserts and updates.
@Suite("Listing pages", .timeLimit(.minutes(10)))
struct ListingPagingTests {
    static let filters: [CellSet] = [nil, ProductListing.StockFilter.inStock, .soldOut].flatMap { stock in
        [nil, Currency.krw, .usd].map { CellSet(stock: stock, currency: $0) }
    }

    /// A market filled with `count` products; several segments per order once past `RankSchema.maxSegment`.
    static func filledMarket(_ count: Int) async throws -> TestMarket {
        let test = try await TestMarket()
        try await test.market.fill(products: count, batchSize: 1_000)
        return test
    }

    /// The page as the slow, obvious query gives it.
    static func expected(_ db: Database, _ request: ListingRequest, limit: Int, offset: Int) throws -> [Int64] {
        let condition = request.cells.condition.map { " WHERE \($0)" } ?? ""
        return try Int64.fetchAll(
            db, sql: "SELECT product.id FROM \(request.order.source)\(condition) ORDER BY \(request.order.orderBy(ascending: request.ascending)) LIMIT ? OFFSET ?",
            arguments: [limit, offset])
    }

    /// Compares first, second, middle, next-to-last and last pages of every listing; the middle ones fall in the
    /// first and the second half of a rank segment, which are walked from the segment's start and from its end.
    static func compareEveryListing(_ test: TestMarket, perPage: Int = 37) async throws {
        try await test.market.database.read { db in
            for order in ProductOrder.allCases {
                for ascending in [true, false] {
                    for cells in filters {
                        let request = ListingRequest(order: order, ascending: ascending, cells: cells, search: nil)
                        let total = try ListingRequest.count(db, cells: cells)
                        let counted = try Int.fetchOne(db, sql: "SELECT count(*) FROM product" + (cells.condition.map { " WHERE \($0)" } ?? ""))
                        #expect(total == counted, "cells \(cells.cells)")
                        let lastOffset = max(0, (total - 1) / perPage * perPage)
                        for offset in Set([0, perPage, total / 4, total / 3, total / 2 + 3, total * 3 / 4 + 5, max(0, lastOffset - perPage), lastOffset]) {
                            let page = try request.page(db, limit: perPage, offset: offset)
                            let want = try expected(db, request, limit: perPage, offset: offset)
                            #expect(page.ids == want, "\(order) \(ascending ? "asc" : "desc") cells \(cells.cells) offset \(offset) of \(total)")
                            #expect(page.total == total)
                        }
                    }
                }
            }
        }
    }

    @Test func everyOrderFilterAndPageMatchesAFullOffset() async throws {
        let test = try await Self.filledMarket(5_000)
        #expect(try await test.market.consistencyProblems() == [])
        let segments = try await test.market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM productRank_id") }
        #expect((segments ?? 0) >= 3)
        try await Self.compareEveryListing(test)
    }

    @Test func pagesStayRightAfterDeletesInsertsAndUpdates() async throws {
        let test = try await Self.filledMarket(5_000)
        // Given a market that then loses a third of its products, gains new ones, and sees prices, stock,
        // names and currencies change, with raw SQL as a script would do it,
        try await test.market.database.write { db in
            try db.execute(sql: "DELETE FROM product WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE product SET stock = 0 WHERE id % 7 = 1")
            try db.execute(sql: "UPDATE product SET priceMinor = priceMinor + 500, currency = 'USD' WHERE id % 11 = 2")
            try db.execute(sql: "UPDATE product SET name = 'Renamed ' || id WHERE id % 13 = 4")
            try db.execute(sql: "DELETE FROM product WHERE id BETWEEN 1000 AND 2500")
        }
        try await test.market.fill(products: 2_500, batchSize: 500)
        _ = try await test.create(name: "Newest chair", price: 5, currency: .usd, stock: 0)

        // then the counters and rank tables agree with the rows, and every page is the OFFSET page.
        #expect(try await test.market.consistencyProblems() == [])
        try await Self.compareEveryListing(test)
    }

    @Test func consistencyCheckFindsAVendorCounterThatDisagreesWithTheRows() async throws {
        let test = try await Self.filledMarket(600)
        #expect(try await test.market.consistencyProblems() == [])
        // Given one vendor's count off by one, and a counter for a vendor and cell without products
        try await test.market.database.write { db in
            try db.execute(sql: "DROP TRIGGER product_vendor_cell_ad")
            try db.execute(sql: "DELETE FROM product WHERE id = (SELECT max(id) FROM product)")
            try db.execute(sql: "INSERT INTO vendorCellCounter (vendorId, cell, total) VALUES (999999, 2, 4)")
        }
        let problems = try await test.market.consistencyProblems()
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("vendor ") })
        #expect(problems.contains { $0.hasPrefix("vendor 999999 cell 2: counter says 4, the table has 0") })
    }

    @Test func emptyingTheMarketLeavesOnlyTheFirstSegments() async throws {
        let test = try await Self.filledMarket(3_000)
        try await test.market.database.write { db in try db.execute(sql: "DELETE FROM product") }
        #expect(try await test.market.consistencyProblems() == [])
        let segments = try await test.market.database.read { db in
            try ProductOrder.ranked.map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0.rankTable)") ?? 0 }
        }
        #expect(segments == Array(repeating: 1, count: ProductOrder.ranked.count))
        try await Self.compareEveryListing(test)
    }

    @Test func storefrontSortsByWhatTheShopperPaysWithinACurrency() async throws {
        let test = try await TestMarket()
        let cheapAfterDiscount = try await test.create(name: "Discounted lamp", price: 50_000, discountedPrice: 45_000)
        let middle = try await test.create(name: "Plain lamp", price: 10_000)
        let dear = try await test.create(name: "Dear lamp", price: 20_000, discountedPrice: 1_000)
        let dollars = try await test.create(name: "Dollar lamp", price: 3, currency: .usd)
        let soldOut = try await test.create(name: "Sold-out lamp", price: 1_000, stock: 0)

        let ascending = try await test.market.products(ProductQuery(sort: .priceAscending))
        #expect(ascending?.products.map(\.id) == [soldOut.id, cheapAfterDiscount.id, middle.id, dear.id, dollars.id])
        let descendingInStock = try await test.market.products(ProductQuery(sort: .priceDescending, inStockOnly: true, currency: .krw))
        #expect(descendingInStock?.products.map(\.id) == [dear.id, middle.id, cheapAfterDiscount.id])
        #expect(descendingInStock?.totalCount == 3)
        let dollarsOnly = try await test.market.products(ProductQuery(currency: .usd))
        #expect(dollarsOnly?.products.map(\.id) == [dollars.id])
    }
}
