import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("A vendor's products and products by id", .timeLimit(.minutes(10)))
struct VendorListingTests {
    /// `owner` lists 23 products and `neighbor` 2, interleaved, so the owner's ids have gaps.
    static func market() async throws -> (test: TestMarket, owner: [Int], neighbor: [Int]) {
        let test = try await TestMarket()
        var owner: [Int] = []
        var neighbor: [Int] = []
        for number in 1...25 {
            if number == 7 || number == 15 {
                neighbor.append(try await test.create(name: "Neighbor \(number)", credentials: test.neighborCredentials).id)
            } else {
                owner.append(try await test.create(name: "Owner \(number)").id)
            }
        }
        return (test, owner, neighbor)
    }

    @Test func olderPagesWalkEveryProductOfTheVendorOnceNewestFirst() async throws {
        let (test, owner, _) = try await Self.market()
        var start = VendorPageStart.newest
        var seen: [Int] = []
        var pages: [VendorProductPage] = []
        while true {
            let page = try #require(try await test.market.vendorProducts(vendorID: test.owner.id, from: start, limit: 10))
            pages.append(page)
            seen += page.products.map(\.id)
            guard page.hasOlder, let last = page.products.last else { break }
            start = .olderThan(last.id)
        }
        #expect(seen == owner.reversed())
        #expect(pages.map(\.products.count) == [10, 10, 3])
        #expect(pages.map(\.hasNewer) == [false, true, true])
        #expect(pages.map(\.hasOlder) == [true, true, false])
        #expect(pages.allSatisfy { $0.total == 23 && $0.vendor.name == "Owner Shop" && $0.vendor.id == test.owner.id })
        #expect(pages.flatMap(\.products).allSatisfy { $0.vendorID == test.owner.id && $0.vendorName == "Owner Shop" })
    }

    @Test func newerPagesGoBackTheWayTheyCameAndNeverShowLessThanAPage() async throws {
        let (test, owner, _) = try await Self.market()
        let newestFirst = Array(owner.reversed())
        // From the third page back to the second: the ten products just before it.
        let second = try #require(try await test.market.vendorProducts(vendorID: test.owner.id, from: .newerThan(newestFirst[20]), limit: 10))
        #expect(second.products.map(\.id) == Array(newestFirst[10..<20]))
        #expect(second.hasNewer && second.hasOlder)
        // Fewer than ten newer than the fifth: the newest page.
        let first = try #require(try await test.market.vendorProducts(vendorID: test.owner.id, from: .newerThan(newestFirst[4]), limit: 10))
        #expect(first.products.map(\.id) == Array(newestFirst[0..<10]))
        #expect(!first.hasNewer && first.hasOlder)
    }

    @Test func aLinkPastTheEndIsAnEmptyPageThatLeadsBack() async throws {
        let (test, owner, _) = try await Self.market()
        let oldest = try #require(owner.first)
        let page = try #require(try await test.market.vendorProducts(vendorID: test.owner.id, from: .olderThan(oldest), limit: 10))
        #expect(page.products.isEmpty && page.hasNewer && !page.hasOlder && page.total == 23)
    }

    @Test func unknownVendorIsNilAndAVendorWithoutProductsHasAnEmptyPage() async throws {
        let test = try await TestMarket()
        #expect(try await test.market.vendorProducts(vendorID: 9_999, from: .newest, limit: 10) == nil)
        let page = try #require(try await test.market.vendorProducts(vendorID: test.neighbor.id, from: .newest, limit: 10))
        #expect(page.products.isEmpty && page.total == 0 && !page.hasNewer && !page.hasOlder)
        await #expect(throws: OpenMarketError.self) { try await test.market.vendorProducts(vendorID: test.owner.id, from: .newest, limit: 0) }
    }

    @Test func theCountFollowsCreatesAndDeletesOfThatVendorOnly() async throws {
        let (test, owner, neighbor) = try await Self.market()
        _ = try await test.market.deleteProduct(id: owner[3], credentials: test.ownerCredentials)
        _ = try await test.create(name: "One more neighbor product", credentials: test.neighborCredentials)
        let ownerPage = try await test.market.vendorProducts(vendorID: test.owner.id, from: .newest, limit: 10)
        let neighborPage = try await test.market.vendorProducts(vendorID: test.neighbor.id, from: .newest, limit: 10)
        #expect(ownerPage?.total == owner.count - 1)
        #expect(neighborPage?.total == neighbor.count + 1)
        #expect(try await test.market.consistencyProblems(sample: 10) == [])
    }

    @Test func summariesByIDKeepTheAskedOrderAndLeaveOutMissingProducts() async throws {
        let (test, owner, neighbor) = try await Self.market()
        _ = try await test.market.deleteProduct(id: owner[1], credentials: test.ownerCredentials)
        let asked = [neighbor[0], owner[1], owner[5], 99_999, -3, owner[0]]
        let found = try await test.market.summaries(ids: asked)
        #expect(found.map(\.id) == [neighbor[0], owner[5], owner[0]])
        #expect(found.first?.vendorName == "Neighbor Shop")
        #expect(try await test.market.summaries(ids: []) == [])
    }

    /// A market that existed before the counters gets them counted from its rows.
    @Test func theMigrationCountsProductsAlreadyThere() async throws {
        let queue = try DatabaseQueue(configuration: MarketDatabase.configuration())
        try MarketDatabase.migrator.migrate(queue, upTo: "v8 processed photos and their variants")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO vendor (name, identifier, secretHash, createdAt) VALUES ('A', 'a-1', 'x', '2024-01-01'), ('B', 'b-1', 'x', '2024-01-01')
                """)
            for (vendor, count) in [(1, 3), (2, 1)] {
                for _ in 0..<count {
                    try db.execute(sql: """
                        INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                        VALUES (?, 'Old product', 'Listed before counters.', 'KRW', 1000, 0, 1, '2024-01-01')
                        """, arguments: [vendor])
                }
            }
        }
        try MarketDatabase.migrator.migrate(queue)
        let totals = try await queue.read { db in try Int.fetchAll(db, sql: "SELECT sum(total) FROM vendorCellCounter GROUP BY vendorId ORDER BY vendorId") }
        #expect(totals == [3, 1])
    }
}
