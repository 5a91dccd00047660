import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketPostgres
@testable import OpenMarketStore
import PostgresNIO
import Testing

/// What only the PostgreSQL market has: migrations shared by instances, photos in tables of their own, and query
/// plans that read indexes.
@Suite(
    "PostgreSQL market",
    .enabled(if: MarketKind.postgresURL != nil, "runs when OPENMARKET_TEST_DATABASE names a PostgreSQL server (scripts/test starts one)"), .timeLimit(.minutes(10)))
struct PostgresMarketTests {
    static let logger = TestMarket.quietLogger

    static func market(_ location: PostgresLocation) -> PostgresMarket {
        PostgresMarket(location: location, hasher: TestMarket.hasher, configuration: .init(maximumConnections: 4, limits: .suite), logger: logger)
    }

    static func strings(_ market: PostgresMarket, _ query: PostgresQuery) async throws -> [String] {
        try await market.withConnection { connection in
            var values: [String] = []
            for try await value in try await connection.query(query, logger: logger).decode(String.self) { values.append(value) }
            return values
        }
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        try await PostgresTestDatabase.with { location in
            let markets = (0..<4).map { _ in Self.market(location) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for market in markets { group.addTask { try await market.run() } }
                defer { group.cancelAll() }
                let applied = try await withThrowingTaskGroup(of: [String].self) { migrations in
                    for market in markets { migrations.addTask { try await market.migrate() } }
                    var applied: [[String]] = []
                    for try await names in migrations { applied.append(names) }
                    return applied
                }
                // One instance applied every migration; the others found them done.
                #expect(applied.filter { !$0.isEmpty } == [PostgresSchema.migrations.map(\.name)])
                let recorded = try await Self.strings(markets[0], "SELECT name FROM schema_migrations ORDER BY name")
                #expect(recorded == PostgresSchema.migrations.map(\.name))
                #expect(try await markets[1].migrate() == [])
                // And they serve one market: what one writes, another reads.
                let vendor = try await markets[0].createVendor(name: "Shared Shop", secret: TestMarket.ownerSecret)
                let draft = ProductDraft(name: "Shared lamp", description: "Listed through one instance.", price: 100, currency: .krw, stock: 1)
                let made = try await markets[1].createProduct(
                    draft, images: [TestImages.png()], credentials: VendorCredentials(identifier: vendor.identifier, secret: TestMarket.ownerSecret))
                #expect(try await markets[2].product(id: made.id) == made)
                #expect(try await markets[3].products(ProductQuery(search: "lamp"))?.products.map(\.id) == [made.id])
            }
        }
    }

    @Test func photoBytesLiveInTablesOfTheirOwnAndAreServedAsStored() async throws {
        try await ContractMarket.with(.postgres) { contract in
            guard case .postgres(let market) = contract.store else { return }
            let product = try await contract.create(images: [try TestImages.orientedWithMetadata(), TestImages.png()])
            // The table the product pages read has no bytes at all.
            let byteColumns = try await Self.strings(
                market,
                """
                SELECT table_name || '.' || column_name FROM information_schema.columns
                WHERE table_schema = 'public' AND data_type = 'bytea' ORDER BY 1
                """)
            #expect(byteColumns == ["product_image_display.bytes", "product_image_variant.bytes"])
            for image in product.images {
                let origin = String(try #require(image.url.split(separator: "/").last))
                let key = String(origin.prefix(32))
                let served = try #require(try await market.image(named: origin))
                let stored = try await market.withConnection { connection in
                    var bytes: [Data] = []
                    let rows = try await connection.query(
                        """
                        SELECT display.bytes FROM product_image_display AS display JOIN product_image ON product_image.id = display.image_id
                        WHERE product_image.key = \(key)
                        """, logger: Self.logger)
                    for try await data in rows.decode(Data.self) { bytes.append(data) }
                    return bytes
                }
                #expect(stored == [served.bytes])
            }
            // The same photo processed by the embedded market comes out byte for byte the same.
            try await ContractMarket.with(.sqlite) { embedded in
                let twin = try await embedded.create(images: [try TestImages.orientedWithMetadata(), TestImages.png()])
                for (mine, theirs) in zip(product.images, twin.images) {
                    for name in [mine.url, mine.thumbnailURL] {
                        let file = String(try #require(name.split(separator: "/").last))
                        let twinFile = String(try #require((name == mine.url ? theirs.url : theirs.thumbnailURL).split(separator: "/").last))
                        #expect(try await market.image(named: file)?.bytes == embedded.image(named: twinFile)?.bytes)
                    }
                }
            }
        }
    }

    // MARK: Query plans

    /// A market of a few thousand products with varied words, analysed as autovacuum would have.
    static func filledMarket(_ body: (PostgresMarket) async throws -> Void) async throws {
        try await ContractMarket.with(.postgres) { contract in
            guard case .postgres(let market) = contract.store else { return }
            let words = [
                "의자", "책상", "램프", "카메라", "자전거", "소파", "chair", "desk", "lamp", "camera", "bicycle", "sofa", "vintage", "oak",
            ]
            var names: [String] = []
            var descriptions: [String] = []
            var windows: [String] = []
            for index in 0..<6_000 {
                // Every 500th has rare words, so the searches below select a few products of thousands.
                let rare = index % 500 == 0 ? " 희귀한 Zyxwv" : ""
                let name = "\(words[index % words.count]) \(words[(index / 7) % words.count]) \(String(index, radix: 36))\(rare)"
                let lot = String(index * 31, radix: 36)
                let description = "Item \(index * 7919 % 100_003) in \(words[(index / 3) % words.count]) condition, lot \(lot)."
                names.append(name)
                descriptions.append(description)
                // A text array literal of the windows, turned into text[] by the server.
                let literal = PostgresSearch.windows(name: name, description: description).map { window in
                    "\"" + window.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
                }
                windows.append("{" + literal.joined(separator: ",") + "}")
            }
            let vendorID = Int64(contract.owner.id)
            try await market.withConnection { connection in
                try await connection.query(
                    """
                    INSERT INTO product (vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, search_windows)
                    SELECT \(vendorID), name, description, CASE WHEN i % 5 = 0 THEN 'USD' ELSE 'KRW' END, 1000 + i * 37 % 50000, 0,
                        CASE WHEN i % 9 = 0 THEN 0 ELSE i % 13 + 1 END, now(), windows::text[]
                    FROM unnest(\(names), \(descriptions), \(windows)) WITH ORDINALITY AS fill(name, description, windows, i)
                    """, logger: logger)
                try await connection.query("ANALYZE product", logger: logger)
            }
            try await body(market)
        }
    }

    /// The plan of each statement a page of the listing runs, explained through the listing's own builders.
    static func plans(_ market: PostgresMarket, _ query: ProductQuery, offset: Int = 0) async throws -> [(sql: String, plan: String)] {
        let statements = try PostgresListing(query).statements(limit: query.perPage, offset: offset)
        var plans: [(String, String)] = []
        for statement in statements {
            let explained = PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds)
            plans.append((statement.sql, try await strings(market, explained).joined(separator: "\n")))
        }
        return plans
    }

    static let listings: [(ProductQuery, offset: Int)] = [
        (ProductQuery(), 0),
        (ProductQuery(), 2_000),
        (ProductQuery(sort: .priceAscending), 0),
        (ProductQuery(sort: .priceDescending), 0),
        (ProductQuery(inStockOnly: true), 0),
        (ProductQuery(currency: .usd), 0),
        (ProductQuery(sort: .priceAscending, inStockOnly: true, currency: .krw), 0),
    ]

    @Test func listsReadTheOrdersIndexesNeverTheWholeTable() async throws {
        try await Self.filledMarket { market in
            for (query, offset) in Self.listings {
                let plans = try await Self.plans(market, query, offset: offset)
                for (sql, plan) in plans {
                    #expect(!plan.contains("Seq Scan on product "), "\(sql)\n\(plan)")
                    // No sort node: the rows come in order from the indexes (a Merge Append keeps their order).
                    #expect(!plan.contains("Sort  ("), "\(sql)\n\(plan)")
                }
                #expect(plans.first?.plan.contains("product_cell_counter") == true)
                // The listing itself reads an index of the order.
                #expect(plans.last.map { $0.plan.contains("Index Scan") || $0.plan.contains("Index Only Scan") } == true, "\(plans)")
            }
        }
    }

    static let searches: [(ProductQuery, index: String)] = [
        (ProductQuery(search: "zyx"), "product_name_trgm"),
        (ProductQuery(search: "ZYXWV"), "product_name_trgm"),
        (ProductQuery(search: "희귀한 zyxwv"), "product_name_trgm"),
        (ProductQuery(search: "희귀한"), "product_name_trgm"),
        (ProductQuery(search: "희귀"), "product_search_windows"),
        (ProductQuery(search: "희"), "product_search_windows"),
        (ProductQuery(search: "zyx", sort: .priceAscending), "product_name_trgm"),
        (ProductQuery(search: "희귀", sort: .priceDescending, inStockOnly: true), "product_search_windows"),
        (ProductQuery(search: "zyx", inStockOnly: true, currency: .usd), "product_name_trgm"),
    ]

    @Test func searchesReadTheSearchIndexes() async throws {
        try await Self.filledMarket { market in
            for (query, index) in Self.searches {
                let plans = try await Self.plans(market, query)
                for (sql, plan) in plans {
                    #expect(!plan.contains("Seq Scan on product "), "\(sql)\n\(plan)")
                }
                // The count, which reads up to the cap, goes through the search index.
                #expect(plans.first?.plan.contains(index) == true, "\(query.search ?? "")\n\(plans.first?.plan ?? "")")
            }
        }
    }

    @Test func adminOrdersReadTheirIndexes() async throws {
        try await Self.filledMarket { market in
            for sort in ProductListing.Sort.allCases {
                for ascending in [true, false] {
                    let statement = try PostgresAdminListing(ProductListing(sort: sort, ascending: ascending)).pageQuery(limit: 50, offset: 0)
                    let explained = PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds)
                    let plan = try await Self.strings(market, explained).joined(separator: "\n")
                    #expect(!plan.contains("Seq Scan on product "), "\(sort) \(ascending)\n\(plan)")
                    // In order from an index: no sort of the products (the vendor order sorts within a vendor at most).
                    #expect(!plan.contains("  Sort  ("), "\(sort) \(ascending)\n\(plan)")
                }
            }
        }
    }

    // MARK: Deep pages of the id order

    /// The listings a deep page is checked in: both directions, all products, two cells and one cell (each of
    /// thousands of products).
    static let idListings: [ProductListing] = [true, false].flatMap { ascending in
        [
            ProductListing(sort: .id, ascending: ascending),
            ProductListing(sort: .id, ascending: ascending, stock: .inStock),
            ProductListing(sort: .id, ascending: ascending, stock: .inStock, currency: .krw),
        ]
    }

    /// The ids of a page read with OFFSET through the order's index: what a deep page must equal.
    static func offsetIDs(_ market: PostgresMarket, _ listing: ProductListing, limit: Int, offset: Int) async throws -> [Int] {
        let statement = try PostgresAdminListing(listing).pageQuery(limit: limit, offset: offset)
        return try await market.withConnection { connection in
            var ids: [Int] = []
            for try await id in try await connection.query(statement, logger: logger).decode(Int64.self) { ids.append(Int(id)) }
            return ids
        }
    }

    @Test func deepIDPagesThroughTheBlocksMatchOffsetPagesAfterDeletesAndStockChanges() async throws {
        try await Self.filledMarket { market in
            // A run of deleted ids across a block's edge, scattered deletes, and products sold out or restocked
            // (their cell changes): the counts per block follow every one of them.
            try await market.withConnection { connection in
                try await connection.query("DELETE FROM product WHERE id BETWEEN 1000 AND 1100 OR id % 97 = 0", logger: Self.logger)
                try await connection.query("UPDATE product SET stock = 0 WHERE id % 11 = 0 AND stock > 0", logger: Self.logger)
                try await connection.query("UPDATE product SET stock = 4 WHERE id % 13 = 0 AND stock = 0", logger: Self.logger)
            }
            for listing in Self.idListings {
                let total = try await market.listingPage(listing, limit: 1, offset: 0).total
                for offset in [1024, 1025, 1500, 2047, 2048, 3333, total / 2, total - 50, total - 3, total - 1, total, total + 10] where offset >= 1024 {
                    let page = try await market.listingPage(listing, limit: 50, offset: offset)
                    #expect(page.total == total)
                    #expect(page.products.map(\.id) == (try await Self.offsetIDs(market, listing, limit: 50, offset: offset)), "\(listing) at \(offset)")
                }
            }
            let wrong = try await Self.wrongBlocks(market)
            #expect(wrong.isEmpty, "blocks whose counts are wrong: \(wrong)")
        }
    }

    /// The blocks whose counts differ from the products', cell by cell.
    static func wrongBlocks(_ market: PostgresMarket) async throws -> [String] {
        let shift = PostgresSchema.idBucketShift
        return try await Self.strings(
            market,
            PostgresQuery(unsafeSQL: """
            SELECT coalesce(b.bucket, p.bucket)::text FROM product_id_bucket b
            FULL JOIN (SELECT id >> \(shift) AS bucket, cell, count(*) AS total FROM product GROUP BY 1, 2) p
                ON p.bucket = b.bucket AND p.cell = b.cell
            WHERE coalesce(b.total, 0) <> coalesce(p.total, 0)
            """))
    }

    /// The migration counts the products a market already has (its trigger counts only later writes).
    @Test func theBlockMigrationCountsExistingProducts() async throws {
        try await Self.filledMarket { market in
            try await market.withConnection { connection in
                try await connection.query("DELETE FROM product_id_bucket", logger: Self.logger)
                try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.idBuckets[1]), logger: Self.logger)
            }
            #expect(try await Self.strings(market, "SELECT count(*)::text FROM product_id_bucket") != ["0"])
            #expect(try await Self.wrongBlocks(market).isEmpty)
        }
    }

    @Test func deepIDPagesReadTheBlockCountsAndAnIDIndex() async throws {
        try await Self.filledMarket { market in
            for listing in Self.idListings {
                let request = PostgresAdminListing(listing)
                for statement in [try request.idBucketQuery(position: 4000), try request.idPageQuery(bucket: 3, skip: 700, limit: 50)] {
                    let explained = PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds)
                    let plan = try await Self.strings(market, explained).joined(separator: "\n")
                    #expect(!plan.contains("Seq Scan on product "), "\(listing)\n\(plan)")
                    if statement.sql.contains("product_id_bucket") {
                        #expect(!plan.contains(" on product "), "the blocks alone, never the products\n\(plan)")
                    } else {
                        // The primary key, or for one cell its (cell, id) index: in id order either way.
                        #expect(plan.contains("product_pkey") || plan.contains("product_on_cell_id"), "\(listing)\n\(plan)")
                        #expect(!plan.contains("Sort  ("), "in order from the index\n\(plan)")
                    }
                }
            }
        }
    }
}
