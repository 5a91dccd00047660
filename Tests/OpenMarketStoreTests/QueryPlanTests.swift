import Foundation
import GRDB
import OpenMarketCore
@testable import OpenMarketStore
import Testing

/// The queries a page view runs must use an index, never sort or scan a whole table.
@Suite("Query plans")
struct QueryPlanTests {
    /// The `detail` lines of SQLite's plan for a query.
    static func plan(_ test: TestMarket, _ sql: String, _ arguments: StatementArguments) async throws -> [String] {
        try await test.market.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    /// A market with a few products, so the planner sees real tables.
    static func filledMarket() async throws -> TestMarket {
        let test = try await TestMarket()
        for number in 1...3 {
            try await test.create(name: "Camera number \(number)", images: [TestImages.png(), TestImages.jpeg()])
        }
        return test
    }

    @Test func productListIsOrderedByTheRowIDWithoutATempSort() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "SELECT id FROM product ORDER BY id DESC LIMIT ? OFFSET ?", [20, 0])
        #expect(!plan.isEmpty)
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "plan: \(plan)")
    }

    @Test func listTotalIsReadFromTheCounterNotByCountingRows() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "SELECT total FROM productCounter WHERE id = 1", [])
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "plan: \(plan)")
        let counted = try await test.market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM product") }
        #expect(try await test.market.products(ProductQuery(page: 1, perPage: 10))?.totalCount == counted)
        #expect(counted == 3)
    }

    @Test func searchMatchUsesTheTrigramIndex() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(
            test, "SELECT rowid FROM productSearch WHERE productSearch MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?", ["\"camera\"", 20, 0])
        // FTS5 writes "M" (MATCH) into its index string, e.g. "INDEX 192:M2"; a full scan shows "INDEX 0:".
        #expect(plan.contains { $0.contains(/VIRTUAL TABLE INDEX \d+:M/) }, "plan: \(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "plan: \(plan)")
    }

    @Test func searchCountUsesTheTrigramIndex() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "SELECT count(*) FROM productSearch WHERE productSearch MATCH ?", ["\"camera\""])
        #expect(plan.contains { $0.contains(/VIRTUAL TABLE INDEX \d+:M/) }, "plan: \(plan)")
    }

    @Test func imageLookupByKeyUsesAnIndex() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "SELECT key, mediaType, bytes FROM productImage WHERE key = ?", ["0123456789abcdef0123456789abcdef"])
        #expect(plan.contains { $0.hasPrefix("SEARCH productImage USING") }, "plan: \(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "plan: \(plan)")
    }

    @Test func imagesOfAPageAreFoundThroughTheProductIndex() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(
            test, "SELECT id, position FROM productImage WHERE productId IN (?, ?, ?) ORDER BY position", [1, 2, 3])
        #expect(plan.contains { $0.hasPrefix("SEARCH productImage USING") }, "plan: \(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN productImage") }, "plan: \(plan)")
    }

    @Test func productsOfAPageAreFoundByPrimaryKey() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "SELECT * FROM product WHERE id IN (?, ?, ?)", [1, 2, 3])
        #expect(plan.contains { $0.hasPrefix("SEARCH product USING INTEGER PRIMARY KEY") }, "plan: \(plan)")
    }

    @Test func expiredTokenSweepUsesTheExpiryIndex() async throws {
        let test = try await Self.filledMarket()
        let plan = try await Self.plan(test, "DELETE FROM deleteToken WHERE expiresAt < ?", [Date()])
        #expect(plan.contains { $0.hasPrefix("SEARCH deleteToken USING") }, "plan: \(plan)")
    }
}
