import Foundation
import Logging
import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import PostgresNIO
import ServiceLifecycle

/// The market on PostgreSQL: `OpenMarketAPI` with the embedded SQLite market's behaviour (rules, errors and their
/// messages, paging, orders, filters, search, the two-step delete), for several front ends sharing one market.
///
/// Its connections are a `PostgresClient` pool, which works only while `run()` runs: the owner runs the market as a
/// service (swift-service-lifecycle; cancelling `run()` closes the pool), or calls `withRunning` around its work.
/// `migrate()` must have succeeded before the first request. Image URLs it returns are relative (`/images/…`).
public final class PostgresMarket: OpenMarketAPI, Service {
    public struct Configuration: Sendable {
        /// How long a delete path from `archived` stays usable.
        public var deleteTokenLifetime: Duration
        public var imagePathPrefix: String
        /// The most connections this instance opens; the server's `max_connections` is shared by every instance.
        public var maximumConnections: Int
        /// How long a request's work may wait for the database before it answers "unavailable".
        public var limits: PostgresPool.Limits

        public init(
            deleteTokenLifetime: Duration = .seconds(600), imagePathPrefix: String = "/images/", maximumConnections: Int = 20,
            limits: PostgresPool.Limits = .standard
        ) {
            self.deleteTokenLifetime = deleteTokenLifetime
            self.imagePathPrefix = imagePathPrefix
            self.maximumConnections = maximumConnections
            self.limits = limits
        }
    }

    public let location: PostgresLocation
    public let hasher: SecretHasher
    let configuration: Configuration
    let pool: PostgresPool
    let logger: Logger
    /// Decodes and encodes photos off the event loops; `nil` only when libvips could not start, and then every
    /// upload is refused rather than stored unprocessed.
    let imageProcessor: ImageProcessor?
    /// Steps after each of this market's writes, and names the version kept answers are read at (`writeVersion`).
    public let writeFeed: MarketWriteFeed?
    /// Without a feed, the version is new at every read.
    private let unfedVersion = NIOLockedValueBox<UInt64>(0)

    /// `writeFeed`: the running feed of this database's writes, if answers are to be kept in the process.
    public init(
        location: PostgresLocation, hasher: SecretHasher, configuration: Configuration = .init(),
        imageProcessor: ImageProcessor? = ImageProcessor.shared, writeFeed: MarketWriteFeed? = nil,
        logger: Logger = Logger(label: "openmarket.postgres")
    ) {
        self.location = location
        self.writeFeed = writeFeed
        self.hasher = hasher
        self.configuration = configuration
        self.imageProcessor = imageProcessor
        self.logger = logger
        pool = PostgresPool(
            name: "market", location: location, maximumConnections: configuration.maximumConnections, limits: configuration.limits, logger: logger)
    }

    /// Runs the connection pool until cancelled or, as a service, until the group's graceful shutdown (a service
    /// listed before the server is shut down after it, so in-flight requests finish first). Runs once: either this
    /// or `withRunning`. Work asked for before it starts waits for it, within the pool's limits.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.pool.run()
        }
    }

    /// Runs the pool, applies the migrations, then `body`; the pool is closed when `body` returns or throws.
    public func withRunning<T: Sendable>(_ body: (PostgresMarket) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.pool.run() }
            defer { group.cancelAll() }
            try await migrate()
            return try await body(self)
        }
    }

    /// Brings the schema up to date; safe while other instances do the same (see `PostgresSchema`).
    @discardableResult
    public func migrate() async throws(OpenMarketError) -> [String] {
        let logger = self.logger
        let applied = try await withConnection(limits: pool.limits.unboundedWork) { connection in
            try await PostgresSchema.migrate(connection, logger: logger)
        }
        logger.info("Market database ready", metadata: ["database": "\(location)", "migrations applied": "\(applied)"])
        return applied
    }

    /// Orders by price and filters by stock and currency through its indexes, as the embedded market does.
    public var supportsSortingAndFilters: Bool { true }

    /// How long a health check waits for the server, for a connection and then for its answer: a pool whose server is
    /// gone keeps retrying its connections, and a readiness probe must answer "not ready" within a second.
    public static let healthCheckLimits = PostgresPool.Limits(connectionWait: .milliseconds(400), outageWait: .milliseconds(400), work: .milliseconds(400))

    public func healthCheck() async throws(OpenMarketError) {
        let logger = self.logger
        try await withConnection(.statement, limits: Self.healthCheckLimits) { connection in
            _ = try await connection.query("SELECT 1", logger: logger)
        }
    }

    public func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        guard query.page >= 1, MarketLimits.itemsPerPage.contains(query.perPage) else {
            let sizes = MarketLimits.itemsPerPage
            throw .malformed("page_no must be 1 or more and items_per_page \(sizes.lowerBound)–\(sizes.upperBound).")
        }
        let prefix = configuration.imagePathPrefix
        let listing = PostgresListing(query)
        let logger = self.logger
        return try await readTransaction { connection -> ProductPage? in
            let (offset, overflow) = (query.page - 1).multipliedReportingOverflow(by: query.perPage)
            let page = try await listing.page(connection, limit: query.perPage, offset: overflow ? Int.max : offset, logger: logger)
            let lastPage = (page.total + query.perPage - 1) / query.perPage
            // Page 1 of an empty market is an empty page; only pages past the end are "no content".
            if query.page > max(lastPage, 1) { return nil }
            let summaries = try await PostgresProductLoader.summaries(connection, ids: page.ids, imagePathPrefix: prefix, logger: logger)
            return ProductPage(
                pageNo: query.page, itemsPerPage: query.perPage, totalCount: page.total, products: summaries, totalIsCapped: page.isCapped)
        }
    }

    public func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        let detail = try await readTransaction { connection in
            try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger)
        }
        guard let detail else { throw .notFound("Product \(id) does not exist.") }
        return detail
    }

    // MARK: Connections

    /// `limits`: the pool's own when `nil`.
    func withConnection<T: Sendable>(
        _ kind: PostgresPool.Kind = .connection, limits: PostgresPool.Limits? = nil, _ body: (PostgresConnection) async throws -> T
    ) async throws(OpenMarketError) -> T {
        do {
            return try await pool.withConnection(kind, limits: limits, body)
        } catch {
            throw mapped(error)
        }
    }

    /// `body` in one transaction: committed when it returns, rolled back when it throws (its error is rethrown).
    /// Every write goes through here: the feed steps right after the commit, so this instance's kept answers
    /// never hide its own writes (other instances' drop theirs at the commit's notification).
    func transaction<T: Sendable>(
        _ begin: PostgresQuery = "BEGIN", writes: Bool = true, limits: PostgresPool.Limits? = nil,
        _ body: (PostgresConnection) async throws -> T
    ) async throws(OpenMarketError) -> T {
        // Stepped after a failed write too: a commit whose answer was lost may still have been made.
        defer { if writes { writeFeed?.noteWrite() } }
        do {
            return try await pool.transaction(begin, limits: limits, logger: logger, body)
        } catch {
            throw mapped(error)
        }
    }

    /// A read that sees one snapshot, as a page's total and its rows must agree.
    func readTransaction<T: Sendable>(
        limits: PostgresPool.Limits? = nil, _ body: (PostgresConnection) async throws -> T
    ) async throws(OpenMarketError) -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", writes: false, limits: limits, body)
    }

    func mapped(_ error: any Error) -> OpenMarketError {
        if let error = error as? OpenMarketError { return error }
        if error is CancellationError { return .unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds) }
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            // 53100 disk_full: nothing was written, and trying later may work.
            if state == "53100" {
                logger.error("Market database is full", metadata: ["error": "\(String(reflecting: error))"])
                return .storageFull
            }
        }
        logger.error("Market database failure", metadata: ["error": "\(String(reflecting: error))"])
        return .storeFailure(String(describing: error))
    }
}

extension PostgresMarket: WriteVersioning {
    /// The feed's version (see `MarketWriteFeed`); without a feed, a new value at every read, so nothing is kept.
    public var writeVersion: UInt64 {
        if let writeFeed { return writeFeed.version }
        return unfedVersion.withLockedValue { value in
            value &+= 1
            return value
        }
    }
}
