import Logging
import NIOConcurrencyHelpers
import OpenMarketCore
import PostgresNIO
import ServiceLifecycle

/// Tells this instance when any instance has written to the market: the version answers kept in the process are
/// read at (`WriteVersioning.writeVersion`), as `SQLiteMarket`'s count of its commits is for a market one process
/// writes alone.
///
/// It holds one connection of its own that `LISTEN`s on `channel`, which the market's tables notify at the commit
/// of every write (`PostgresSchema.version3`). Its `version`:
/// - while listening, a counter that every notification steps, and that this instance's own writes step right
///   after their commit (`noteWrite`), so they read their own writes without waiting for the notification;
/// - stepped whenever listening starts, as notifications may have been missed while it was not;
/// - while not listening (not yet connected, the connection lost, waiting to connect again), a new value at every
///   read, so that nothing is kept: a kept answer could miss another instance's write.
///
/// Runs as a service (swift-service-lifecycle): connects, and after a lost connection connects again after
/// `backoff`, until cancelled or the group's graceful shutdown. The listening connection is asked `SELECT 1`
/// every `checkInterval`, so that one lost without a word is noticed within seconds.
public final class MarketWriteFeed: Service {
    /// The notification channel the market's triggers notify.
    public static let channel = "openmarket_market_writes"

    /// How long to wait before connecting again after the `failures`-th failure in a row: 0.1 s doubling to 5 s.
    public static let defaultBackoff: @Sendable (Int) async throws -> Void = { failures in
        let milliseconds = min(100 << min(failures - 1, 6), 5_000)
        try await Task.sleep(for: .milliseconds(milliseconds))
    }

    private struct State {
        var counter: UInt64 = 0
        /// The listening connection's server process, while listening.
        var listener: Int32?
        /// How many times listening has started.
        var sessions = 0
        var notifications = 0
    }

    let location: PostgresLocation
    let logger: Logger
    let backoff: @Sendable (Int) async throws -> Void
    /// How often the listening connection is asked a question, and how long its answer may take.
    let checkInterval: Duration
    let checkTimeout: Duration
    private let state = NIOLockedValueBox(State())

    public init(
        location: PostgresLocation, logger: Logger = Logger(label: "openmarket.postgres.writes"),
        backoff: @escaping @Sendable (Int) async throws -> Void = MarketWriteFeed.defaultBackoff,
        checkInterval: Duration = .seconds(10), checkTimeout: Duration = .seconds(5)
    ) {
        self.location = location
        self.logger = logger
        self.backoff = backoff
        self.checkInterval = checkInterval
        self.checkTimeout = checkTimeout
    }

    /// The version to read kept answers at; see the type's description.
    public var version: UInt64 {
        state.withLockedValue { state in
            if state.listener == nil { state.counter &+= 1 }
            return state.counter
        }
    }

    /// Called right after this instance's write commits: answers read before it are not kept, nor served again.
    public func noteWrite() {
        state.withLockedValue { $0.counter &+= 1 }
    }

    /// Whether the feed is listening now (kept answers are used only while it is).
    public var isListening: Bool {
        state.withLockedValue { $0.listener != nil }
    }

    /// The server process of the listening connection while listening (`pg_stat_activity.pid`): for operators and tests.
    public var listenerProcessID: Int32? {
        state.withLockedValue { $0.listener }
    }

    /// How many notifications have arrived: for operators and tests.
    public var notificationCount: Int {
        state.withLockedValue { $0.notifications }
    }

    /// How many times listening has started (the first connection, then each one after a lost one).
    public var sessions: Int {
        state.withLockedValue { $0.sessions }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.listen()
        }
    }

    /// Listens until cancelled, connecting again after every lost connection.
    func listen() async {
        var failures = 0
        while !Task.isCancelled {
            let before = sessions
            do {
                try await listenOnce()
                failures = 0
            } catch {
                if Task.isCancelled { break }
                // Counted from the last time listening started.
                failures = sessions == before ? failures + 1 : 1
                logger.warning(
                    "Lost the market's write notifications; kept pages are not used until they are back",
                    metadata: ["database": "\(location)", "error": "\(String(reflecting: error))", "failures": "\(failures)"])
            }
            stopped()
            if Task.isCancelled { break }
            do {
                try await backoff(max(failures, 1))
            } catch {
                break
            }
        }
        stopped()
    }

    /// One connection: `LISTEN`, then a step for every notification until the connection ends or the task is
    /// cancelled (which closes it). Connecting is bounded by the connection's own timeout; the questions before
    /// listening by `checkTimeout` (past it the connection is closed), then the checks take over.
    private func listenOnce() async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(applicationName: "openmarket write feed"), id: 1, logger: logger)
        try await withTaskCancellationHandler {
            do {
                let (logger, interval, timeout) = (self.logger, checkInterval, checkTimeout)
                let listening = NIOLockedValueBox(false)
                try await withThrowingTaskGroup(of: Void.self) { setup in
                    setup.addTask {
                        try await Task.sleep(for: timeout)
                        if !listening.withLockedValue({ $0 }) { try? await connection.close() }
                    }
                    defer { setup.cancelAll() }
                    let process = try await Self.serverProcess(connection, logger: logger)
                    try await connection.listen(on: Self.channel) { notifications in
                        listening.withLockedValue { $0 = true }
                        started(process)
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { try await Self.keepChecking(connection, every: interval, within: timeout, logger: logger) }
                            defer { group.cancelAll() }
                            for try await _ in notifications {
                                notified()
                            }
                        }
                    }
                }
                // The sequence ends without an error only when the connection closed.
                try? await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } onCancel: {
            connection.close().whenComplete { _ in }
        }
    }

    /// Asks `SELECT 1` every `checkInterval` until cancelled; a connection that fails or takes longer than
    /// `checkTimeout` is closed, which ends its notifications with an error. A connection lost without a word (a
    /// dropped route, a firewall's idle timeout, a server that stopped) would otherwise deliver nothing, and kept
    /// answers would never be dropped.
    private static func keepChecking(
        _ connection: PostgresConnection, every checkInterval: Duration, within checkTimeout: Duration, logger: Logger
    ) async throws {
        while true {
            try await Task.sleep(for: checkInterval)
            let answered = try await withThrowingTaskGroup(of: Bool.self) { race in
                race.addTask {
                    do {
                        _ = try await connection.query("SELECT 1", logger: logger)
                        return true
                    } catch {
                        return false
                    }
                }
                race.addTask {
                    try await Task.sleep(for: checkTimeout)
                    return false
                }
                let first = try await race.next() ?? false
                // Closing ends a query that waits for a lost server, so the group's other task finishes too.
                if !first { try? await connection.close() }
                race.cancelAll()
                return first
            }
            if !answered {
                throw OpenMarketError.storeFailure("The write feed's connection did not answer within \(checkTimeout).")
            }
        }
    }

    private static func serverProcess(_ connection: PostgresConnection, logger: Logger) async throws -> Int32 {
        for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int32.self) {
            return pid
        }
        throw OpenMarketError.storeFailure("pg_backend_pid() returned no row.")
    }

    private func notified() {
        state.withLockedValue { state in
            state.counter &+= 1
            state.notifications += 1
        }
    }

    private func started(_ process: Int32) {
        state.withLockedValue { state in
            state.counter &+= 1
            state.listener = process
            state.sessions += 1
        }
        logger.info("Listening for the market's writes", metadata: ["database": "\(location)", "process": "\(process)"])
    }

    private func stopped() {
        state.withLockedValue { state in
            if state.listener != nil { state.counter &+= 1 }
            state.listener = nil
        }
    }
}
