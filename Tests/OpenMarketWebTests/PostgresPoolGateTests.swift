import Foundation
import Logging
import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import ServiceLifecycle
import Testing

/// A market whose pool is not running: work waits for `run()` only within its bound, and ends at once when its task
/// is cancelled — a service group stopping before the market's `run()` started must not wait for it. Nothing here
/// connects, so no server is needed.
@Suite("A market that is not running", .timeLimit(.minutes(1)))
struct PostgresPoolGateTests {
    static let nowhere = PostgresLocation(host: "127.0.0.1", port: 1, username: "nobody", password: "", database: "nothing")
    static let logger = Logger(label: "test.pool-gate") { _ in SwiftLogNoOpLogHandler() }

    /// Whether `task` ends within `limit`, looked at without waiting on it (a task that never ends must not hold the test).
    static func ends<T: Sendable>(_ task: Task<T, any Error>, within limit: Duration) async -> Bool {
        let finished = NIOLockedValueBox(false)
        Task {
            _ = await task.result
            finished.withLockedValue { $0 = true }
        }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if finished.withLockedValue({ $0 }) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return finished.withLockedValue { $0 }
    }

    @Test("Work for a market whose run() never started is refused within its wait, as unavailable")
    func neverStarted() async throws {
        let hasher = SecretHasher(cost: 4)
        let market = PostgresMarket(
            location: Self.nowhere, hasher: hasher, configuration: .init(limits: .init(connectionWait: .milliseconds(300))), logger: Self.logger)
        let started = ContinuousClock.now
        let task = Task { try await market.product(id: 1) }
        #expect(await Self.ends(task, within: .seconds(30)))
        let error = await #expect(throws: OpenMarketError.self) { try await task.value }
        #expect(error == .unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds))
        #expect(ContinuousClock.now - started < .seconds(30), "ended by its own 0.3 s wait: no hang")
        let ready = await #expect(throws: OpenMarketError.self) { try await market.healthCheck() }
        #expect(ready == .unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds))
        try await hasher.shutdown()
    }

    /// A start-up job of a service group (as loading the sample products is) that asks the market.
    struct StartupJob: Service {
        let market: PostgresMarket

        func run() async throws {
            _ = try? await market.product(id: 1)
        }
    }

    @Test("A service group cancelled while its work waits for a market that never ran stops at once")
    func cancelledGroup() async throws {
        let hasher = SecretHasher(cost: 4)
        // A wait of minutes: only cancellation can end the job this soon, even on a machine busy with the whole suite.
        let market = PostgresMarket(
            location: Self.nowhere, hasher: hasher, configuration: .init(limits: .init(connectionWait: .seconds(300))), logger: Self.logger)
        let group = ServiceGroup(services: [StartupJob(market: market)], logger: Self.logger)
        let running = Task { try await group.run() }
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = ContinuousClock.now
        running.cancel()
        #expect(await Self.ends(running, within: .seconds(30)), "the group stopped soon after its cancellation")
        #expect(ContinuousClock.now - cancelled < .seconds(30))
        try await hasher.shutdown()
    }
}
