import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import ServiceLifecycle

/// The market's write version across every instance on one database, for caches that keep answers until the next
/// write (`writeVersion`, as `SQLiteMarket` has for one process).
///
/// Every committed change to the market's tables notifies `channel` (statement triggers, see `PostgresSchema`);
/// this instance listens on one connection of its own and moves the version on at each notification, and at once
/// after its own commits (before their answer leaves, so a page read after one's own write never comes from a cache).
/// While the listening connection is not established — at start, or after it broke until it is back — nothing can
/// tell this instance of another's write, so every read of `version` gives a new value: caches keep nothing.
public final class MarketWriteFeed: Service, Sendable {
    /// The notification channel the market's triggers notify.
    public static let channel = "openmarket_market_writes"

    private struct State {
        var version: UInt64 = 1
        var listening = false
    }

    private let client: PostgresClient
    private let logger: Logger
    private let retryDelay: Duration
    private let state = NIOLockedValueBox(State())

    public init(client: PostgresClient, logger: Logger, retryDelay: Duration = .seconds(1)) {
        self.client = client
        self.logger = logger
        self.retryDelay = retryDelay
    }

    /// The version now: the same value until a write commits anywhere, while this instance is listening.
    public var version: UInt64 {
        state.withLockedValue { state in
            if !state.listening { state.version &+= 1 }
            return state.version
        }
    }

    /// Whether notifications of other instances' writes arrive (for `/ready` and tests).
    public var isListening: Bool { state.withLockedValue { $0.listening } }

    /// A write of this instance has committed.
    public func committed() {
        state.withLockedValue { $0.version &+= 1 }
    }

    /// Listens until cancelled (or the service group shuts down), reconnecting after a failure.
    public func run() async throws {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        // Whatever was written while nobody listened is covered by this step.
                        self.state.withLockedValue { state in
                            state.listening = true
                            state.version &+= 1
                        }
                        self.logger.debug("Listening for the market's writes", metadata: ["channel": "\(Self.channel)"])
                        for try await _ in notifications.cancelOnGracefulShutdown() {
                            self.committed()
                        }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                logger.warning("Not told of other instances' writes; caches keep nothing until listening again", metadata: [
                    "error": "\(String(reflecting: error))",
                ])
            }
            state.withLockedValue { $0.listening = false }
            guard !Task.isCancelled, !Task.isShuttingDownGracefully else { break }
            try? await Task.sleep(for: retryDelay)
        }
        state.withLockedValue { $0.listening = false }
    }
}
