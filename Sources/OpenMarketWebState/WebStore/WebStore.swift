import Foundation
import Logging
import OpenMarketPostgres
import OpenMarketStore
import ServiceLifecycle

/// The front end's own state, chosen once at start: `web.sqlite` in the data directory (one instance), or the
/// PostgreSQL database several instances share. Every component built from it behaves the same on either.
package struct WebStore: Sendable {
    package let storage: any WebStorage
    /// Counts wrong guesses: in memory with SQLite, in the database with PostgreSQL (so they count across instances).
    package let throttle: GuessThrottle
    /// What must run beside the application (the PostgreSQL connection pool).
    package let services: [any Service]
    /// Where it is, for logs.
    package let description: String

    package static func sqlite(path: String) throws -> WebStore {
        WebStore(
            storage: SQLiteWebStorage(database: try WebDatabase.open(path: path)), throttle: GuessThrottle(), services: [],
            description: path)
    }

    package static func postgres(
        _ location: PostgresLocation, maximumConnections: Int = 10, limits: PostgresPool.Limits = .standard, logger: Logger
    ) -> WebStore {
        let storage = PostgresWebStorage(location: location, maximumConnections: maximumConnections, limits: limits, logger: logger)
        return WebStore(storage: storage, throttle: GuessThrottle(counting: storage), services: [storage], description: "\(location)")
    }

    /// Before the first request: the schema (PostgreSQL's tables are made by whichever instance comes first).
    package func prepare() async throws {
        try await storage.migrate()
    }

    /// Removes what is kept only for a while; safe while other instances sweep the same store.
    package func sweep(now: Date = Date()) async throws {
        try await PhotoDrafts(storage: storage).sweep(now: now)
        try await DeletedProducts(storage: storage).sweep(now: now)
        try await PopularSearches(storage: storage).sweep(today: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        try await storage.sweepOther(now: now)
    }
}
