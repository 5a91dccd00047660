import NIOConcurrencyHelpers

/// Work on one key done one at a time, in the order it arrived; work on other keys goes on beside it. Nothing waits
/// on a thread: a waiting task is suspended until the one before it ends.
package final class TurnsByKey<Key: Hashable & Sendable>: Sendable {
    /// The tasks waiting for each key that is busy (an empty queue: busy, nobody waiting).
    private let waiting = NIOLockedValueBox<[Key: [CheckedContinuation<Void, Never>]]>([:])

    package init() {}

    /// Runs `body` once every earlier turn on `key` has ended.
    package func run<T: Sendable>(_ key: Key, _ body: () async throws -> T) async rethrows -> T {
        await take(key)
        defer { pass(key) }
        return try await body()
    }

    /// Waits for `key`'s turn; whoever takes it must `pass` it on.
    package func take(_ key: Key) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isFree = waiting.withLockedValue { waiting in
                guard waiting[key] != nil else {
                    waiting[key] = []
                    return true
                }
                waiting[key, default: []].append(continuation)
                return false
            }
            if isFree { continuation.resume() }
        }
    }

    /// Ends the turn taken with `take`.
    package func pass(_ key: Key) {
        let next = waiting.withLockedValue { waiting -> CheckedContinuation<Void, Never>? in
            guard let queue = waiting[key], !queue.isEmpty else {
                waiting[key] = nil
                return nil
            }
            waiting[key] = Array(queue.dropFirst())
            return queue.first
        }
        next?.resume()
    }

    /// How many keys are busy (for tests).
    package var busyKeys: Int { waiting.withLockedValue { $0.count } }

    /// How many turns wait for `key` (for tests).
    package func waitingCount(_ key: Key) -> Int { waiting.withLockedValue { $0[key]?.count ?? 0 } }
}
