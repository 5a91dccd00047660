import Foundation
import Logging
import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketPostgres
import PostgresNIO
import Testing

/// A pool whose server stops answering without closing anything: work on the pool's idle connections, work waiting
/// for one and work queued behind connections closed at their limit all end within their bounds, as unavailable; and
/// once the server answers again, so does the pool. A connection the pool closed for outlasting its limit must never
/// be handed to other work, nor may an idle connection taken from a silent server count as the server answering.
@Suite("A pool whose server goes silent", .enabled(if: PostgresTestServer.url != nil), .timeLimit(.minutes(3)))
struct PostgresSilentPoolTests {
    static let logger = Logger(label: "test.silent-pool") { _ in SwiftLogNoOpLogHandler() }
    /// A connection wait far past the bound below: units end within it only because the pool finds out.
    static let limits = PostgresPool.Limits(connectionWait: .seconds(60), outageWait: .seconds(1), work: .seconds(1))
    /// The work limit, the outage wait and a busy machine's slack.
    static let bound: Duration = .seconds(8)

    /// How one unit of work ended and when; `nil` while it runs.
    final class Outcome: Sendable {
        let ended = NIOLockedValueBox<(error: (any Error)?, took: Duration)?>(nil)
    }

    /// A read transaction, as a page's read is, started now in a task of its own.
    static func unit(_ pool: PostgresPool) -> Outcome {
        let outcome = Outcome()
        let started = ContinuousClock.now
        Task {
            var failure: (any Error)?
            do {
                try await pool.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger) { connection in
                    for try await _ in try await connection.query("SELECT 1", logger: logger) {}
                }
            } catch {
                failure = error
            }
            let took = ContinuousClock.now - started
            outcome.ended.withLockedValue { $0 = (failure, took) }
        }
        return outcome
    }

    /// Waits until every outcome is in or `limit` has passed, never on the units themselves (one that never ends must
    /// fail this test, not hold it).
    static func settle(_ outcomes: [Outcome], within limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, outcomes.contains(where: { $0.ended.withLockedValue { $0 == nil } }) {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test("Leased, waiting or queued behind closed connections: every unit on a silent server ends within its bound")
    func silentServer() async throws {
        try await PostgresTestServer.withDatabase { location in
            let relay = try await SilenceableRelay.start(to: location.host, port: location.port)
            var through = location
            (through.host, through.port) = ("127.0.0.1", relay.port)
            let pool = PostgresPool(name: "silent-test", location: through, maximumConnections: 2, limits: Self.limits, logger: Self.logger)
            let running = Task { await pool.run() }
            // Both connections open, then idle in the pool.
            let warm = [Self.unit(pool), Self.unit(pool)]
            await Self.settle(warm, within: .seconds(30))
            for outcome in warm { #expect(outcome.ended.withLockedValue { $0 }.map { $0.error == nil } == true, "the pool works first") }

            relay.silence()
            // Two take the idle connections, the rest wait; then more come while the first are given up on.
            var outcomes: [Outcome] = []
            for _ in 0..<6 { outcomes.append(Self.unit(pool)) }
            for _ in 0..<8 {
                try await Task.sleep(for: .milliseconds(300))
                outcomes.append(Self.unit(pool))
            }
            await Self.settle(outcomes, within: .seconds(40))
            for (index, outcome) in outcomes.enumerated() {
                let ended = outcome.ended.withLockedValue { $0 }
                guard let ended else {
                    Issue.record("unit \(index) on the silent server never ended")
                    continue
                }
                #expect(ended.took < Self.bound, "unit \(index) took \(ended.took)")
                #expect(
                    (ended.error as? OpenMarketError) == .unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds),
                    "unit \(index): \(ended.error.map { String(reflecting: $0) } ?? "succeeded on a silent server")")
            }

            relay.speak()
            var back = false
            let deadline = ContinuousClock.now + .seconds(60)
            while !back, ContinuousClock.now < deadline {
                let probe = Self.unit(pool)
                await Self.settle([probe], within: .seconds(15))
                back = probe.ended.withLockedValue { $0 }.map { $0.error == nil } ?? false
                if !back { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(back, "the pool works again once the server answers")
            running.cancel()
            // A unit that never ended keeps its connection, and the pool would wait for it: only a pool all of whose
            // work ended is waited for.
            if outcomes.allSatisfy({ $0.ended.withLockedValue { $0 } != nil }) { await running.value }
            await relay.close()
        }
    }
}
