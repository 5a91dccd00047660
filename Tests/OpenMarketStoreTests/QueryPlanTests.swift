import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Synchronization
import Testing

/// The statements the production functions run, captured through SQLite's trace and explained: no page view
/// may scan the product table or sort with a temporary B-tree, except where a search's bounded candidates
/// (at most `ListingPage.searchCap` rows) are put in a non-id order.
@Suite("Query plans", .timeLimit(.minutes(10)))
struct QueryPlanTests {
    /// SELECT statements seen while recording, with their values inlined.
    final class StatementLog: Sendable {
        private let state = Mutex<(recording: Bool, statements: [String])>((false, []))

        func record(_ sql: String) {
            state.withLock { state in
                if state.recording && sql.hasPrefix("SELECT") && !state.statements.contains(sql) { state.statements.append(sql) }
            }
        }

        func recording<T>(_ body: () async throws -> T) async rethrows -> (T, [String]) {
            state.withLock { $0 = (true, []) }
            let result = try await body()
            let statements = state.withLock { state in
                state.recording = false
                return state.statements
            }
            return (result, statements)
        }
    }

    struct Traced {
        let test: TestMarket
        let log: StatementLog

        /// The plan of each statement the body ran.
        func plans(_ body: () async throws -> Void) async throws -> [(sql: String, plan: [String])] {
            let ((), statements) = try await log.recording(body)
            return try await test.market.database.read { db in
                try statements.map { sql in
                    (sql, try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String })
                }
            }
        }
    }

    /// A market of a few thousand filled products (several rank segments) whose connection is traced.
    static func tracedMarket(products: Int = 4_500) async throws -> Traced {
        let log = StatementLog()
        var configuration = MarketDatabase.configuration()
        configuration.prepareDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { log.record(statement.expandedSQL) }
            }
        }
        let queue = try DatabaseQueue(configuration: configuration)
        try MarketDatabase.migrator.migrate(queue)
        let test = try await TestMarket(database: queue)
        try await test.market.fill(products: products, batchSize: 1_500)
        return Traced(test: test, log: log)
    }

    /// A scan of the product table, or a full-text table read without MATCH. A walk of `product` in the order
    /// of an index is not a scan when nothing filters it and a LIMIT without OFFSET stops it: it reads the page.
    static func scansProducts(_ line: String, sql: String) -> Bool {
        let scan = line.hasPrefix("SCAN product ") || line == "SCAN product" || line.hasPrefix("SCAN productImage")
        let boundedWalk = !sql.contains(" WHERE ") && sql.contains(" LIMIT ") && !sql.contains(" OFFSET ")
        return (scan && !boundedWalk) || (line.contains("VIRTUAL TABLE") && !line.contains(/INDEX \d+:M/))
    }

    static func expectIndexed(_ plans: [(sql: String, plan: [String])], allowingBoundedSort: Bool = false) {
        #expect(!plans.isEmpty)
        for (sql, plan) in plans {
            #expect(!plan.contains { scansProducts($0, sql: sql) }, "scan in \(sql): \(plan)")
            let boundedCandidates = allowingBoundedSort && sql.contains("LIMIT \(ProductSearch.cap))")
            if !boundedCandidates {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "sort in \(sql): \(plan)")
            }
        }
    }

    @Test func everyAdminSortDirectionFilterAndPageUsesIndexes() async throws {
        let traced = try await Self.tracedMarket()
        let market = traced.test.market
        for sort in ProductListing.Sort.allCases {
            for ascending in [true, false] {
                for cells in [(nil, nil), (ProductListing.StockFilter.soldOut, Currency.usd), (.inStock, nil), (nil, .krw)] {
                    let listing = ProductListing(sort: sort, ascending: ascending, stock: cells.0, currency: cells.1)
                    let plans = try await traced.plans {
                        let total = try await market.listingPage(listing, limit: 50, offset: 0).total
                        for offset in [total / 2, max(0, total - 50), max(0, total - 20)] {
                            _ = try await market.listingPage(listing, limit: 50, offset: offset)
                        }
                    }
                    Self.expectIndexed(plans)
                    // No page walks the rows before it, the vendor order's middle pages included: SQLite skips rows
                    // only within one rank segment, to the page's first key.
                    let skips = plans.flatMap { $0.sql.matches(of: /OFFSET (\d+)/).compactMap { Int($0.1) } }
                    #expect(skips.allSatisfy { $0 < RankSchema.maxSegment }, "\(sort) \(ascending): \(plans.map(\.sql).filter { $0.contains("OFFSET") })")
                }
            }
        }
    }

    @Test func theHistorysPhotoCheckReadsByKey() async throws {
        let traced = try await Self.tracedMarket(products: 200)
        let keys = Set((0..<12).map { String(format: "%032x", $0) })
        let plans = try await traced.plans { _ = try await traced.test.market.storedImageKeys(keys) }
        #expect(plans.count == 1)
        for (sql, plan) in plans {
            #expect(plan.allSatisfy { $0.hasPrefix("SEARCH productImage USING COVERING INDEX") }, "\(sql): \(plan)")
        }
    }

    /// A list's total: the cells' counters read by a range of their key, with no temporary index (SQLite builds
    /// one for an `IN` list on every read), and the right sum for every filter.
    @Test func theCellsCountReadsCountersByKeyWithoutATemporaryIndex() async throws {
        let test = try await ListingPagingTests.filledMarket(300)
        try await test.market.database.read { db in
            for cells in ListingPagingTests.filters {
                let sql = ListingRequest.countSQL(cells: cells)
                let opcodes = try Row.fetchAll(db, sql: "EXPLAIN " + sql).map { $0["opcode"] as String }
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
                #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
                #expect(plan == ["SEARCH productCellCounter USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)"], "\(sql)")
                let counted = try Int.fetchOne(db, sql: "SELECT count(*) FROM product" + (cells.condition.map { " WHERE \($0)" } ?? ""))
                #expect(try ListingRequest.count(db, cells: cells) == counted, "\(cells.cells)")
            }
        }
    }

    @Test func storefrontOrdersFiltersAndDeepPagesUseIndexes() async throws {
        let traced = try await Self.tracedMarket()
        for sort in ProductQuery.Sort.allCases {
            for (inStock, currency) in [(false, nil), (true, nil), (false, Currency.usd), (true, Currency.krw)] {
                let plans = try await traced.plans {
                    for page in [1, 2, 57, 113, 200, 225] {
                        _ = try await traced.test.market.products(
                            ProductQuery(page: page, perPage: 20, sort: sort, inStockOnly: inStock, currency: currency))
                    }
                }
                Self.expectIndexed(plans)
            }
        }
    }

    @Test("Searches of every length use a full-text index", arguments: ["판", "의자", "chair", "Wooden Chair No. 1", "OR", "\"*"])
    func searchesUseAFullTextIndex(text: String) async throws {
        let traced = try await Self.tracedMarket(products: 1_500)
        let market = traced.test.market
        let plans = try await traced.plans {
            _ = try await market.products(ProductQuery(page: 1, search: text))
            _ = try await market.products(ProductQuery(page: 3, search: text))
            _ = try await market.listingPage(ProductListing(search: text), limit: 50, offset: 0)
            _ = try await market.listingPage(ProductListing(search: text, ascending: true), limit: 50, offset: 50)
        }
        Self.expectIndexed(plans)
        #expect(plans.contains { $0.plan.contains { $0.contains(/VIRTUAL TABLE INDEX \d+:M/) } })
    }

    /// A long search reads its trigrams' statistics by key and then only its rarest trigrams' rows (two to four).
    @Test func longSearchesReadStatisticsByKeyAndTheirRarestTrigrams() async throws {
        let traced = try await Self.tracedMarket(products: 1_500)
        let market = traced.test.market
        let plans = try await traced.plans {
            _ = try await market.products(ProductQuery(page: 1, search: "Espresso Machine No. 123"))
            _ = try await market.products(ProductQuery(page: 2, search: "Wooden Chair for sale"))
            _ = try await market.listingPage(ProductListing(search: "Wooden Chair for sale", sort: .name), limit: 50, offset: 0)
            try await market.exportListing(ProductListing(search: "Espresso Machine No. 123"), batchSize: 100) { _ in }
        }
        Self.expectIndexed(plans, allowingBoundedSort: true)
        let statistics = plans.filter { $0.sql.contains("FROM productSearchStatistics") }
        #expect(!statistics.isEmpty)
        #expect(statistics.allSatisfy { $0.plan.contains { $0.contains("SEARCH productSearchStatistics USING PRIMARY KEY (trigram=?)") } }, "\(statistics)")
        // Two to four trigrams ANDed, never every third trigram (eight here).
        let narrowed = plans.filter { $0.sql.contains("LIKE") }
        #expect(!narrowed.isEmpty)
        #expect(narrowed.allSatisfy { $0.sql.contains(/MATCH '"[^"]{3}"( AND "[^"]{3}"){1,3}'/) }, "\(narrowed.map(\.sql))")
    }

    @Test func searchWithAnotherOrderOrFiltersSortsOnlyBoundedCandidates() async throws {
        let traced = try await Self.tracedMarket(products: 1_500)
        let market = traced.test.market
        let plans = try await traced.plans {
            _ = try await market.listingPage(ProductListing(search: "chair", sort: .price), limit: 50, offset: 0)
            _ = try await market.listingPage(ProductListing(search: "의자", stock: .soldOut, currency: .usd), limit: 50, offset: 0)
            _ = try await market.products(ProductQuery(search: "의자", sort: .priceAscending))
        }
        Self.expectIndexed(plans, allowingBoundedSort: true)
    }

    @Test func exportBatchesReadByKeyWithoutCountingOrSkipping() async throws {
        let traced = try await Self.tracedMarket()
        let market = traced.test.market
        let listings = [
            ProductListing(), ProductListing(sort: .price, ascending: true, stock: .inStock), ProductListing(sort: .vendor, stock: .soldOut),
            ProductListing(search: "chair"),
        ]
        for listing in listings {
            let plans = try await traced.plans {
                try await market.exportListing(listing, batchSize: 700) { _ in }
            }
            Self.expectIndexed(plans)
            #expect(!plans.contains { $0.sql.contains("OFFSET") || $0.sql.contains("count(") }, "\(plans.map(\.sql))")
        }
    }

    @Test func imagesTokensAndDetailsUseIndexes() async throws {
        let traced = try await Self.tracedMarket(products: 50)
        let market = traced.test.market
        let created = try await traced.test.create()
        let plans = try await traced.plans {
            _ = try await market.product(id: created.id)
            _ = try await market.image(named: String(created.images[0].url.split(separator: "/").last ?? ""))
            _ = try await market.issueDeleteToken(productID: created.id, credentials: traced.test.ownerCredentials)
        }
        Self.expectIndexed(plans)
    }

    /// A seller page at either end and in the middle, both directions, and a visitor's list of products by id.
    @Test func sellerPagesAndProductsByIDUseIndexesAndCounters() async throws {
        let traced = try await Self.tracedMarket()
        let market = traced.test.market
        let vendorID = try #require(try await market.database.read { db in
            try Int.fetchOne(db, sql: "SELECT vendorId FROM product GROUP BY vendorId ORDER BY count(*) DESC LIMIT 1")
        })
        let newest = try #require(try await market.vendorProducts(vendorID: vendorID, from: .newest, limit: 20))
        #expect(newest.total > 300 && newest.products.count == 20)
        let middle = try #require(newest.products.last).id
        let plans = try await traced.plans {
            _ = try await market.vendorProducts(vendorID: vendorID, from: .newest, limit: 20)
            _ = try await market.vendorProducts(vendorID: vendorID, from: .olderThan(middle), limit: 20)
            _ = try await market.vendorProducts(vendorID: vendorID, from: .newerThan(middle), limit: 20)
            _ = try await market.vendorProducts(vendorID: vendorID, from: .olderThan(1), limit: 20)
            _ = try await market.summaries(ids: [4_400, 17, 2_900, 1])
        }
        Self.expectIndexed(plans)
        #expect(!plans.contains { $0.sql.contains("count(") }, "\(plans.map(\.sql))")
        let keyed = plans.filter { $0.sql.contains("FROM product WHERE vendorId = ") }
        #expect(keyed.count >= 4)
        #expect(keyed.allSatisfy { $0.plan.contains { $0.contains("USING COVERING INDEX product_on_vendorId") } }, "\(keyed)")
    }

    @Test func listTotalIsReadFromTheCountersNotByCountingRows() async throws {
        let traced = try await Self.tracedMarket(products: 300)
        let plans = try await traced.plans {
            _ = try await traced.test.market.products(ProductQuery(page: 1, perPage: 10))
            _ = try await traced.test.market.listingPage(ProductListing(stock: .soldOut), limit: 50, offset: 0)
        }
        #expect(!plans.contains { $0.sql.contains("count(") }, "\(plans.map(\.sql))")
        let counted = try await traced.test.market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM product") }
        #expect(try await traced.test.market.products(ProductQuery(page: 1, perPage: 10))?.totalCount == counted)
    }
}
