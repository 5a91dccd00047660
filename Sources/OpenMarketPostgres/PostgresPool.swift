import Logging
import Metrics
import PostgresNIO

/// A `PostgresClient` pool whose every use goes through here, so its figures land in swift-metrics (postgres-nio
/// keeps its own pool figures internal): connections in use and the most allowed (gauges), the time waited for a
/// connection (timer), and the units of work run and failed on the database (counters), labelled `pool` (`market`,
/// `web`) and, for the work, `kind` (`transaction`, `statement`, `connection`).
///
/// A failure is the database's (`PSQLError`: a refused statement, a lost connection, a closed pool); an error the
/// work throws for its own reasons (a product not found, a spent token) is not one. Like `PostgresClient`, it works
/// only while `run()` runs.
public final class PostgresPool: Sendable {
    /// Names of the series in `/metrics`.
    public enum Series {
        public static let inUse = "openmarket_db_connections_in_use"
        public static let maximum = "openmarket_db_connections_max"
        public static let wait = "openmarket_db_connection_wait"
        public static let operations = "openmarket_db_operations"
        public static let failures = "openmarket_db_operation_failures"
    }

    /// What a leased connection is used for.
    public enum Kind: String, Sendable, CaseIterable {
        /// Statements between `BEGIN` and `COMMIT`.
        case transaction
        /// One statement on its own.
        case statement
        /// Anything else done on one connection (migrations, a photo's read).
        case connection
    }

    public let name: String
    public let maximumConnections: Int
    let client: PostgresClient

    public init(name: String, location: PostgresLocation, maximumConnections: Int, logger: Logger) {
        self.name = name
        self.maximumConnections = maximumConnections
        client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: maximumConnections), backgroundLogger: logger)
    }

    /// Runs the pool until cancelled. Its maximum is published now, so of several pools under one name (a short
    /// setup pool before the application's), the one running is the one shown.
    public func run() async {
        Gauge(label: Series.maximum, dimensions: [("pool", name)]).record(maximumConnections)
        // Every series of the pool is shown from the start, at zero, rather than appearing on its first use.
        for kind in Kind.allCases {
            _ = Counter(label: Series.operations, dimensions: dimensions(kind))
            _ = Counter(label: Series.failures, dimensions: dimensions(kind))
        }
        Meter(label: Series.inUse, dimensions: [("pool", name)]).increment(by: 0.0)
        await client.run()
    }

    /// `body` on a leased connection, counted and timed.
    public func withConnection<T: Sendable>(
        _ kind: Kind = .connection, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let pool = [("pool", name)]
        Counter(label: Series.operations, dimensions: dimensions(kind)).increment()
        let requested = ContinuousClock.now
        do {
            return try await client.withConnection { connection in
                Timer(label: Series.wait, dimensions: pool).record(duration: ContinuousClock.now - requested)
                let inUse = Meter(label: Series.inUse, dimensions: pool)
                inUse.increment()
                defer { inUse.decrement() }
                return try await body(connection)
            }
        } catch {
            if error is PSQLError { Counter(label: Series.failures, dimensions: dimensions(kind)).increment() }
            throw error
        }
    }

    /// `body` in one transaction: committed when it returns, rolled back when it throws (its error is rethrown).
    public func transaction<T: Sendable>(
        _ begin: PostgresQuery = "BEGIN", logger: Logger, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection(.transaction) { connection in
            try await connection.query(begin, logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                // A connection that cannot roll back is broken, and the pool closes it.
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// One statement whose rows `read` goes through while the connection is leased.
    public func query<T: Sendable>(
        _ query: PostgresQuery, logger: Logger, _ read: (PostgresRowSequence) async throws -> T
    ) async throws -> T {
        try await withConnection(.statement) { connection in try await read(try await connection.query(query, logger: logger)) }
    }

    /// One statement whose rows, if any, are not needed.
    public func execute(_ query: PostgresQuery, logger: Logger) async throws {
        try await self.query(query, logger: logger) { rows in for try await _ in rows {} }
    }

    private func dimensions(_ kind: Kind) -> [(String, String)] {
        [("pool", name), ("kind", kind.rawValue)]
    }
}
