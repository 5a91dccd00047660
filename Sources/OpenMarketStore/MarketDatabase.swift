import Foundation
import GRDB
import Logging

/// Opens the market's SQLite database with the settings every connection needs.
public enum MarketDatabase {
    /// A file database in WAL mode. Only this process writes it: SQLite 3.40 predates the WAL-reset
    /// corruption fix (3.44.1), which bites only with several writers on one file.
    /// `maxBytes` caps the file: beyond it writes fail as on a full disk (`storageFull`), and nothing is half-written.
    public static func open(path: String, maxBytes: Int? = nil, logger: Logger) throws -> DatabasePool {
        SQLiteMemory.limit()
        var configuration = readerConfiguration()
        if let maxBytes {
            configuration.prepareDatabase { db in
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                try db.execute(sql: "PRAGMA max_page_count = \(max(1, maxBytes / pageSize))")
            }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        let version = try pool.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") } ?? "?"
        logger.info("Market database ready", metadata: ["path": "\(path)", "sqlite": "\(version)"])
        return pool
    }

    /// Each connection's page cache, in kilobytes: 12 MB instead of SQLite's 2 MB. A long search checks a few
    /// thousand product rows with LIKE, each on a page of its own; with 2 MB those pages are gone by the next
    /// search and each is read from the file again (a system call and a copy per row). Measured at 1,000,000
    /// products: "Wooden chair for sale" 8.4 → 5.3 ms of processor time, "깨끗한 의자 팝니다" 6.7 → 3.7 ms.
    /// The cache is bounded per connection (the writer and each reader of the pool), so a long export's
    /// memory stays flat, and all connections together by `SQLiteMemory`'s budget, which one may fill alone.
    static let cacheKilobytes = Int(SQLiteMemory.budgetBytes / 1024)

    /// What every connection to the file needs, the page cache included.
    static func readerConfiguration() -> Configuration {
        var configuration = configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(cacheKilobytes)") }
        return configuration
    }

    /// An in-memory database for tests and throwaway runs.
    public static func inMemory() throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: configuration())
        try migrator.migrate(queue)
        return queue
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Wait for a lock instead of failing at once when a reader checkpoints or a write is in flight.
        configuration.busyMode = .timeout(5)
        // A long common phrase is read as a few trigrams in place (see `TrigramPlacement`).
        configuration.prepareDatabase { db in TrigramPlacement.register(db) }
        return configuration
    }
}
