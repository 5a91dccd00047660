import Logging
import Metrics
import NIOConcurrencyHelpers
import OpenMarketCore
import PostgresNIO

/// A `PostgresClient` pool whose every use goes through here, so its figures land in swift-metrics (postgres-nio
/// keeps its own pool figures internal): connections in use and the most allowed (gauges), the time waited for a
/// connection (timer), and the units of work run and failed on the database (counters), labelled `pool` (`market`,
/// `web`) and, for the work, `kind` (`transaction`, `statement`, `connection`).
///
/// Every wait is bounded (`Limits`) and ends when the caller's task is cancelled: a unit of work that gets no connection
/// within `connectionWait` (before `run()` started, the pool busy, the server gone) fails with
/// `OpenMarketError.unavailable` instead of waiting for the pool's own retries, and within `outageWait` once the server
/// is known to be gone (`OutageWatch`); work that holds its connection past `work` has the connection closed (which
/// ends a statement waiting on a server that stopped answering) and fails the same way.
///
/// A failure is the database's (`PSQLError`: a refused statement, a lost connection, a closed pool) or the pool's
/// (`unavailable`); an error the work throws for its own reasons (a product not found, a spent token) is not one.
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

    /// How long a unit of work may wait for the database.
    public struct Limits: Sendable, Hashable {
        /// The longest it waits for a connection: for `run()` to start, for a free connection or a new one. Long
        /// enough for a busy machine, which is not an outage.
        public var connectionWait: Duration
        /// The longest it waits once the server is known to be gone.
        public var outageWait: Duration
        /// The longest it may hold its connection; `nil` for work that may take minutes (migrations, a fill).
        public var work: Duration?

        public init(connectionWait: Duration = .seconds(10), outageWait: Duration = .seconds(1), work: Duration? = .seconds(15)) {
            self.connectionWait = connectionWait
            self.outageWait = min(outageWait, connectionWait)
            self.work = work
        }

        /// A request's work: far more than any page's statements take, less than a client waits.
        public static let standard = Limits()

        /// The same waits for a connection, and no bound on the work itself.
        public var unboundedWork: Limits { Limits(connectionWait: connectionWait, outageWait: outageWait, work: nil) }
    }

    /// What clients are told to wait (`Retry-After`) while the database does not answer.
    public static let retryAfterSeconds = 5

    public let name: String
    public let maximumConnections: Int
    public let limits: Limits
    let client: PostgresClient
    /// Opened when `run()` starts: work asked for before waits here rather than on a pool that is not running.
    let started = PoolGate()
    let outage: OutageWatch
    let logger: Logger

    public init(name: String, location: PostgresLocation, maximumConnections: Int, limits: Limits = .standard, logger: Logger) {
        self.name = name
        self.maximumConnections = maximumConnections
        self.limits = limits
        self.logger = logger
        client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: maximumConnections), backgroundLogger: logger)
        outage = OutageWatch(location: location, timeout: limits.connectionWait, logger: logger)
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
        started.open()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.outage.run() }
            // The client ends at cancellation or at the service group's graceful shutdown; the watch goes with it.
            await group.next()
            group.cancelAll()
        }
    }

    /// `body` on a leased connection, counted and timed, within `limits` (the pool's own when `nil`). The connection
    /// is leased by a task of its own and lent to this one, so `body` runs here, and a watcher gives up on what
    /// outlasts the limits.
    public func withConnection<T: Sendable>(
        _ kind: Kind = .connection, limits: Limits? = nil, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let limits = limits ?? self.limits
        let pool = [("pool", name)]
        Counter(label: Series.operations, dimensions: dimensions(kind)).increment()
        let requested = ContinuousClock.now
        let lease = Lease()
        do {
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await self.started.wait()
                        while try await !self.client.withConnection({ connection in await Self.lend(connection, to: lease) }) {
                            // A closed connection the pool has not yet noticed: leased again after a moment.
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    } catch {
                        lease.fail(error)
                    }
                }
                group.addTask {
                    await lease.watch(from: requested, work: limits.work) { waited in
                        if waited >= OutageWatch.probeAfter { self.outage.suspect() }
                        return waited >= limits.connectionWait || (waited >= limits.outageWait && self.outage.isDown)
                    }
                }
                defer { group.cancelAll() }
                let connection = try await lease.borrow()
                // Before the group's cancellation (defers run last first): the connection goes back to the pool.
                defer { lease.giveBack() }
                Timer(label: Series.wait, dimensions: pool).record(duration: ContinuousClock.now - requested)
                let inUse = Meter(label: Series.inUse, dimensions: pool)
                inUse.increment()
                defer { inUse.decrement() }
                let result = try await body(connection)
                // Only an answer says the server is back: a connection kept idle in the pool is leased from a silent
                // server too, and taking that for a sign of life kept waiting work from giving up.
                outage.noteAnswered()
                return result
            }
        } catch {
            let failure = unavailable(error, lease: lease, waited: ContinuousClock.now - requested)
            if failure != nil || error is PSQLError { Counter(label: Series.failures, dimensions: dimensions(kind)).increment() }
            throw failure ?? error
        }
    }

    /// Lends an open connection, and gives it back to the pool only once it is really closed when the watcher
    /// closed it: a query sent on a closed connection never ends, and the pool, told late, could hand it out again.
    /// `false` when the connection was already closed and not lent.
    private static func lend(_ connection: PostgresConnection, to lease: Lease) async -> Bool {
        guard !connection.isClosed else { return false }
        await lease.lend(connection)
        if lease.expiry == .workTooLong { try? await connection.closeFuture.get() }
        return true
    }

    /// `body` in one transaction: committed when it returns, rolled back when it throws (its error is rethrown).
    public func transaction<T: Sendable>(
        _ begin: PostgresQuery = "BEGIN", limits: Limits? = nil, logger: Logger, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection(.transaction, limits: limits) { connection in
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
        _ query: PostgresQuery, limits: Limits? = nil, logger: Logger, _ read: (PostgresRowSequence) async throws -> T
    ) async throws -> T {
        try await withConnection(.statement, limits: limits) { connection in try await read(try await connection.query(query, logger: logger)) }
    }

    /// One statement whose rows, if any, are not needed.
    public func execute(_ query: PostgresQuery, limits: Limits? = nil, logger: Logger) async throws {
        try await self.query(query, limits: limits, logger: logger) { rows in for try await _ in rows {} }
    }

    private func dimensions(_ kind: Kind) -> [(String, String)] {
        [("pool", name), ("kind", kind.rawValue)]
    }

    /// The error to answer when the database, not the work, failed: a wait given up, a lease the pool could not
    /// give (its connections failing for long, or the pool closed), the server gone; `nil` for any other error, and
    /// when the caller's own task was cancelled.
    private func unavailable(_ error: any Error, lease: Lease, waited: Duration) -> OpenMarketError? {
        guard !Task.isCancelled else { return nil }
        let reason: String
        switch lease.expiry {
        case .noConnection?:
            reason = outage.isDown ? "the server is gone" : "no connection within \(waited)"
        case .workTooLong?:
            reason = "the work held its connection past its limit"
            outage.noteDown()
        case nil where !lease.wasLent:
            reason = "no connection: \(String(reflecting: error))"
            outage.noteDown()
        case nil:
            guard let error = error as? PSQLError else { return nil }
            guard Self.isUnavailability(error) else {
                // The server refused a statement for its own reasons: it answers.
                if error.code == .server { outage.noteAnswered() }
                return nil
            }
            reason = "\(error.code)"
            outage.noteDown()
        }
        logger.warning("The database is not answering", metadata: ["pool": "\(name)", "reason": "\(reason)"])
        return .unavailable(retryAfterSeconds: Self.retryAfterSeconds)
    }

    /// A lost or refused connection, or a server shutting down, starting up or full of connections: trying again
    /// later may work. A statement the server refused for its own reasons is not one.
    static func isUnavailability(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            // Class 08: connection exceptions; 57P01–57P03: shutdown and start-up; 53300: too many connections.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        default:
            return false
        }
    }
}
