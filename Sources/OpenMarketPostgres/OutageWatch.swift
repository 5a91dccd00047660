import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Whether a pool's server is known to be gone. postgres-nio keeps a lease waiting while it retries its connections
/// and says nothing of why, so a pool whose leases wait asks the server itself, with one connection of its own: a
/// refused, reset or timed-out attempt means the server is gone, and waiting work gives up at once instead of at the
/// end of its wait; an attempt that succeeds (a slow server, a busy pool) changes nothing. A lost connection or a work
/// that outlasted its limit says the same; work that got its answers says the server is back (a connection leased
/// does not: the pool's idle connections are leased from a silent server too).
final class OutageWatch: Sendable {
    private struct State {
        var isDown = false
        var isProbing = false
        var lastProbe: ContinuousClock.Instant?
    }

    /// How long a lease waits before the server is asked; the least time between two questions.
    static let probeAfter: Duration = .milliseconds(500)
    static let probeInterval: Duration = .seconds(1)

    let location: PostgresLocation
    /// How long the server's own answer may take: a server that answers slowly is not gone.
    let timeout: Duration
    let logger: Logger
    private let state = NIOLockedValueBox(State())
    private let probes: AsyncStream<Void>
    private let probeRequests: AsyncStream<Void>.Continuation

    init(location: PostgresLocation, timeout: Duration, logger: Logger) {
        self.location = location
        self.timeout = timeout
        self.logger = logger
        (probes, probeRequests) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    var isDown: Bool { state.withLockedValue { $0.isDown } }

    /// Work on a connection got its answers: the server answers.
    func noteAnswered() {
        state.withLockedValue { $0.isDown = false }
    }

    /// A connection was lost or refused, or work on one got no answer within its limit.
    func noteDown() {
        state.withLockedValue { $0.isDown = true }
    }

    /// A lease waits: asks the server unless it is being asked, or was within `probeInterval`.
    func suspect() {
        let ask = state.withLockedValue { state -> Bool in
            guard !state.isProbing, state.lastProbe.map({ ContinuousClock.now - $0 >= Self.probeInterval }) ?? true else { return false }
            state.isProbing = true
            return true
        }
        if ask { probeRequests.yield() }
    }

    /// Asks the server as often as `suspect` wants, until cancelled (the pool's `run()` runs it).
    func run() async {
        for await _ in probes {
            let answered = await probe()
            state.withLockedValue { state in
                state.isProbing = false
                state.lastProbe = .now
                state.isDown = !answered
            }
        }
    }

    /// One connection of its own, closed at once: whether the server took it within `timeout`.
    private func probe() async -> Bool {
        do {
            var configuration = try location.connectionConfiguration(applicationName: "openmarket probe")
            configuration.options.connectTimeout = TimeAmount(timeout)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
            return true
        } catch is CancellationError {
            return true
        } catch {
            logger.warning("The database refused a connection", metadata: ["database": "\(location)", "error": "\(String(reflecting: error))"])
            return false
        }
    }
}
