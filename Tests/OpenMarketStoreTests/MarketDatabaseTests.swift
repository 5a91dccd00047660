import Foundation
import GRDB
import Logging
import NIOPosix
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Market database", .timeLimit(.minutes(10)))
struct MarketDatabaseTests {
    /// A fresh directory for one test's database files; the test removes it with `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "openmarket-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let logger = TestMarket.quietLogger

    static func tables(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')"))
    }

    @Test func openingAFileCreatesTheSchema() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "market.sqlite").path

        let pool = try MarketDatabase.open(path: path, logger: Self.logger)
        let tables = try await pool.read { db in try Self.tables(db) }

        let expected: Set = ["vendor", "product", "productImage", "deleteToken", "productSearch", "product_ai", "product_ad", "product_au"]
        #expect(tables.isSuperset(of: expected))
        #expect(FileManager.default.fileExists(atPath: path))
        try pool.close()
    }

    @Test func openingTheSameFileAgainKeepsItsData() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "market.sqlite").path
        let first = try MarketDatabase.open(path: path, logger: Self.logger)
        let market = SQLiteMarket(database: first, hasher: TestMarket.hasher, logger: Self.logger)
        let vendor = try await market.createVendor(name: "Owner Shop", secret: "owner-secret")
        let created = try await market.createProduct(
            ProductDraftFixture.camera, images: [TestImages.png()], credentials: .init(identifier: vendor.identifier, secret: "owner-secret"))
        try first.close()

        let second = try MarketDatabase.open(path: path, logger: Self.logger)
        let reopened = SQLiteMarket(database: second, hasher: TestMarket.hasher, logger: Self.logger)

        #expect(try await reopened.product(id: created.id) == created)
        let migrations = try await second.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        // Each migration ran exactly once, in order, even though the file was opened twice.
        #expect(migrations == MarketDatabase.migrator.migrations)
        #expect(migrations.first == "v1 vendors products images tokens")
        try second.close()
    }

    /// The market's reads: one snapshot for all of a read's statements, and a transaction that ends, however
    /// the read ends, so that the connection's next read sees what was written since.
    @Test func readsInASnapshotSeeOneVersionAndEndTheirTransaction() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "reads.sqlite").path
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY); INSERT INTO item VALUES (1)") }
        let writer = try DatabaseQueue(path: path)
        let count = "SELECT count(*) FROM item"

        // Given a write committed by another connection between a read's two statements,
        let (first, second) = try await pool.readInSnapshot { db in
            let first = try Int.fetchOne(db, sql: count)
            try writer.write { db in try db.execute(sql: "INSERT INTO item VALUES (2)") }
            return (first, try Int.fetchOne(db, sql: count))
        }
        // then both statements saw the file as it was when the read began, and the next read sees the write.
        #expect(first == 1 && second == 1)
        #expect(try await pool.readInSnapshot { db in try Int.fetchOne(db, sql: count) } == 2)

        // A read that fails throws its own error and ends its transaction too: the one reader sees the next write.
        #expect(throws: DatabaseError.self) {
            try pool.readInSnapshot { db in
                _ = try Int.fetchOne(db, sql: count)
                try db.execute(sql: "SELECT * FROM missing")
            }
        }
        try await writer.write { db in try db.execute(sql: "INSERT INTO item VALUES (3)") }
        #expect(try await pool.readInSnapshot { db in try Int.fetchOne(db, sql: count) } == 3)
        #expect(try await pool.readInSnapshot { db in db.isInsideTransaction } == true)
        #expect(try await pool.unsafeRead { db in db.isInsideTransaction } == false)
        try writer.close()
        try pool.close()
    }

    /// The page reads' own connections: read-only, each read in a snapshot that sees every commit made before it,
    /// and no more connections than reads that ran at once.
    @Test func pageReadersSeeEveryCommitOnlyReadAndOpenOnePerConcurrentRead() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "market.sqlite").path
        let pool = try MarketDatabase.open(path: path, logger: Self.logger)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY)") }
        let readers = PageReaders(path: path)
        let threads = NIOThreadPool(numberOfThreads: 3)
        threads.start()
        let count = "SELECT count(*) FROM item"

        // Given writes of the market's own connection, each read after a commit sees it, in every reader.
        for id in 1...6 {
            try await pool.write { db in try db.execute(sql: "INSERT INTO item VALUES (?)", arguments: [id]) }
            let seen = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await threads.runIfActive { try readers.read { db in try Int.fetchOne(db, sql: count) } } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(seen == [id, id, id])
        }
        // One snapshot per read: a commit between its two statements is seen by the next read only.
        let (first, second) = try await threads.runIfActive {
            try readers.read { db in
                let first = try Int.fetchOne(db, sql: count)
                try pool.write { db in try db.execute(sql: "INSERT INTO item VALUES (7)") }
                return (first, try Int.fetchOne(db, sql: count))
            }
        }
        #expect(first == 6 && second == 6)
        // A write through a reader is refused, writes nothing and leaves the connection reading.
        await #expect(throws: DatabaseError.self) {
            try await threads.runIfActive { try readers.read { db in try db.execute(sql: "INSERT INTO item VALUES (8)") } }
        }
        #expect(try await threads.runIfActive { try readers.read { db in try Int.fetchOne(db, sql: count) } } == 7)
        // Three threads read at most three at once, so no more than three connections were opened.
        #expect((1...3).contains(readers.idleCount))
        try await threads.shutdownGracefully()
        try pool.close()
    }

    @Test func fileDatabaseUsesWALAndForeignKeys() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try MarketDatabase.open(path: directory.appending(path: "market.sqlite").path, logger: Self.logger)

        let (journal, foreignKeys) = try await pool.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        let writerForeignKeys = try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") }

        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(writerForeignKeys == 1)
        try pool.close()
    }

    /// Each connection may cache 16 MB, so one long search keeps its pages, while all of SQLite's memory in the
    /// process is held to one budget, whichever database opened first.
    @Test func eachConnectionCachesItsPagesWithinOneBudget() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try MarketDatabase.open(path: directory.appending(path: "market.sqlite").path, logger: Self.logger)
        let (cache, limit) = try await pool.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA cache_size"), try Int64.fetchOne(db, sql: "PRAGMA soft_heap_limit"))
        }
        #expect(cache == -MarketDatabase.cacheKilobytes)
        #expect(limit == SQLiteMemory.budgetBytes && SQLiteMemory.currentLimit == SQLiteMemory.budgetBytes)
        #expect(Int64(MarketDatabase.cacheKilobytes) * 1024 <= SQLiteMemory.budgetBytes)
        try pool.close()
    }

    @Test func inMemoryDatabaseEnforcesForeignKeys() async throws {
        let queue = try MarketDatabase.inMemory()
        await #expect(throws: DatabaseError.self) {
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                        VALUES (999, 'Orphan', 'No vendor has this id.', 'KRW', 100, 0, 1, '2024-01-01 00:00:00')
                        """)
            }
        }
    }

    @Test("The schema itself refuses impossible money", arguments: [
        "'EUR', 100, 0", "'KRW', 0, 0", "'KRW', 100, -1", "'KRW', 100, 101",
    ])
    func schemaChecksBackTheRules(values: String) async throws {
        let test = try await TestMarket()
        let vendorID = test.owner.id
        await #expect(throws: DatabaseError.self) {
            try await test.market.database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                        VALUES (\(vendorID), 'Broken', 'Written around the rules.', \(values), 1, '2024-01-01 00:00:00')
                        """)
            }
        }
        #expect(try await test.rowCount("product") == 0)
    }
}

enum ProductDraftFixture {
    static let camera = ProductDraft(
        name: "Vintage Film Camera", description: "A working 35mm camera with a fresh battery.", price: 12000, currency: .krw)
}
