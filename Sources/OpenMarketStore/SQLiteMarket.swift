import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging

/// The embedded OpenMarket: `OpenMarketAPI` on a GRDB database.
///
/// Image URLs it returns are relative (`/images/…`); whoever serves them over HTTP makes them absolute.
public final class SQLiteMarket: OpenMarketAPI {
    public struct Configuration: Sendable {
        /// How long a delete path from `archived` stays usable.
        public var deleteTokenLifetime: Duration
        public var imagePathPrefix: String

        public init(deleteTokenLifetime: Duration = .seconds(600), imagePathPrefix: String = "/images/") {
            self.deleteTokenLifetime = deleteTokenLifetime
            self.imagePathPrefix = imagePathPrefix
        }
    }

    /// The database; tests read it to prove that refused requests changed nothing.
    public let database: any DatabaseWriter
    public let hasher: SecretHasher
    let configuration: Configuration
    private let writes = NIOLockedValueBox<UInt64>(0)
    /// The page reads' own connections, for a market in a file (`PageReaders`); an in-memory one reads through `database`.
    private let readers: PageReaders?
    let logger: Logger
    /// Decodes and encodes photos off the event loops; `nil` only when libvips could not start, and then every
    /// upload is refused rather than stored unprocessed.
    let imageProcessor: ImageProcessor?

    public init(
        database: any DatabaseWriter, hasher: SecretHasher, configuration: Configuration = .init(),
        imageProcessor: ImageProcessor? = ImageProcessor.shared, logger: Logger = Logger(label: "openmarket.store")
    ) {
        self.database = database
        readers = (database as? DatabasePool).map { PageReaders(path: $0.path) }
        self.hasher = hasher
        self.configuration = configuration
        self.imageProcessor = imageProcessor
        self.logger = logger
    }

    /// Orders and filters are read with the list's own indexes (`ListingRequest`).
    public var supportsSortingAndFilters: Bool { true }

    public func healthCheck() async throws(OpenMarketError) {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        guard query.page >= 1, MarketLimits.itemsPerPage.contains(query.perPage) else {
            throw .malformed("page_no must be 1 or more and items_per_page \(MarketLimits.itemsPerPage.lowerBound)–\(MarketLimits.itemsPerPage.upperBound).")
        }
        let prefix = configuration.imagePathPrefix
        let request = ListingRequest(query)
        return try await read { db -> ProductPage? in
            let (offset, overflow) = (query.page - 1).multipliedReportingOverflow(by: query.perPage)
            let page = try request.page(db, limit: query.perPage, offset: overflow ? Int.max : offset)
            let lastPage = (page.total + query.perPage - 1) / query.perPage
            // Page 1 of an empty market is an empty page; only pages past the end are "no content".
            if query.page > max(lastPage, 1) { return nil }
            let summaries = try ProductLoader.summaries(db, ids: page.ids, imagePathPrefix: prefix)
            return ProductPage(
                pageNo: query.page, itemsPerPage: query.perPage, totalCount: page.total, products: summaries, totalIsCapped: page.isCapped)
        }
    }

    public func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        let detail = try await read { db in try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) }
        guard let detail else { throw .notFound("Product \(id) does not exist.") }
        return detail
    }

    /// Threads the market's reads run on: each read waits there for a connection of GRDB's pool and runs on the same
    /// thread, then resumes its task. GRDB's own asynchronous read takes three hops between threads (to a queue that
    /// waits for a connection, to the connection's queue, back); this takes two, and a page nobody asked for a moment
    /// ago costs 6–14 % less processor time. One thread per core (at least two, at most the pool's five readers): with
    /// five on two cores, a read mostly woke a sleeping thread, and random pages cost 10–20 % more processor time.
    /// Blocking here, never on Swift's cooperative threads. One pool for the process, like GRDB's queues.
    static let readingThreads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: min(GRDB.Configuration().maximumReaderCount, max(2, ProcessInfo.processInfo.activeProcessorCount)))
        pool.start()
        return pool
    }()

    /// The number of products, kept by triggers so that reading it costs one row.
    static func productTotal(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT total FROM productCounter WHERE id = 1")) ?? 0
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(OpenMarketError) -> T {
        do {
            let (database, readers) = (database, readers)
            return try await Self.readingThreads.runIfActive {
                if let readers { try readers.read(body) } else { try database.readInSnapshot(body) }
            }
        } catch {
            throw mapped(error)
        }
    }

    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(OpenMarketError) -> T {
        do {
            let result = try await database.write(body)
            // After the commit: a read that began before it sees an older version and is not kept by caches.
            writes.withLockedValue { $0 &+= 1 }
            return result
        } catch {
            throw mapped(error)
        }
    }

    /// Counts the writes this market committed. Caches of its reads keep an answer only while this has not
    /// moved since the read began (see `CachedMarket` in the web layer); writers outside this process are not
    /// seen, which is why one process writes the file.
    public var writeVersion: UInt64 { writes.withLockedValue { $0 } }

    func mapped(_ error: any Error) -> OpenMarketError {
        if let error = error as? OpenMarketError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            logger.error("Market database is full", metadata: ["error": "\(error)"])
            return .storageFull
        }
        logger.error("Market database failure", metadata: ["error": "\(error)"])
        return .storeFailure(String(describing: error))
    }
}
