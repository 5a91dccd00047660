import NIOConcurrencyHelpers
@testable import OpenMarketUseCases
import Testing

/// Edits of one product take turns (`ProductEditing.editTurns`): never two at once on one key, each in the order it
/// arrived, while other keys go on beside them.
@Suite("Turns by key", .timeLimit(.minutes(10)))
struct TurnsByKeyTests {
    @Test func oneKeyIsNeverWorkedOnTwiceAtOnceAndOtherKeysGoOn() async throws {
        let turns = TurnsByKey<Int>()
        let log = NIOLockedValueBox<[String]>([])
        let inside = NIOLockedValueBox<[Int: Int]>([:])
        let most = NIOLockedValueBox<[Int: Int]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<60 {
                group.addTask {
                    let key = task % 3
                    try await turns.run(key) {
                        let now = inside.withLockedValue { $0[key, default: 0] += 1; return $0.values.reduce(0, +) }
                        most.withLockedValue { $0[key] = max($0[key, default: 0], inside.withLockedValue { $0[key, default: 0] }) }
                        log.withLockedValue { $0.append("\(key) \(now)") }
                        try await Task.sleep(for: .milliseconds(2))
                        inside.withLockedValue { $0[key, default: 0] -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(most.withLockedValue { $0 } == [0: 1, 1: 1, 2: 1], "one at a time per key")
        #expect(log.withLockedValue { $0 }.count == 60)
        #expect(turns.busyKeys == 0)

        // While one key's turn is held, another key's turn runs to its end.
        let (holding, release) = AsyncStream<Void>.makeStream()
        let (started, start) = AsyncStream<Void>.makeStream()
        async let held: Void = turns.run(7) {
            start.yield()
            for await _ in holding { break }
        }
        for await _ in started { break }
        #expect(await turns.run(8) { "done" } == "done")
        #expect(turns.busyKeys == 1)
        release.yield()
        await held
        #expect(turns.busyKeys == 0)
    }

    /// Turns are taken in the order they were asked for, and a failing turn passes the key on.
    @Test func turnsFollowTheOrderTheyWereAskedForAndAFailurePassesTheKeyOn() async throws {
        struct Failure: Error {}
        let turns = TurnsByKey<String>()
        let order = NIOLockedValueBox<[Int]>([])
        let (holding, release) = AsyncStream<Void>.makeStream()
        let (started, start) = AsyncStream<Void>.makeStream()
        async let first: Void = turns.run("p") {
            start.yield()
            for await _ in holding { break }
            order.withLockedValue { $0.append(0) }
        }
        for await _ in started { break }
        var waiting: [Task<Void, Never>] = []
        for number in 1...5 {
            waiting.append(Task {
                _ = try? await turns.run("p") {
                    order.withLockedValue { $0.append(number) }
                    if number == 2 { throw Failure() }
                }
            })
            // Each waits before the next asks: the order asked is the order given.
            while turns.waitingCount("p") < number { await Task.yield() }
        }
        release.yield()
        await first
        for task in waiting { await task.value }
        #expect(order.withLockedValue { $0 } == [0, 1, 2, 3, 4, 5])
        #expect(turns.busyKeys == 0)
    }
}
