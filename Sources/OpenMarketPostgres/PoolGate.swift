import NIOConcurrencyHelpers

/// A gate that opens once and stays open; those waiting before it opens continue when it does. A waiter whose task
/// is cancelled stops waiting at once (with `CancellationError`), so work that asked for a connection before the
/// pool started never holds up a shutdown; how long anyone waits is the caller's bound (see `PostgresPool.Limits`).
final class PoolGate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextID = 0
    }

    private let state = NIOLockedValueBox(State())

    var isOpen: Bool { state.withLockedValue { $0.isOpen } }

    func open() {
        let waiting = state.withLockedValue { state -> [CheckedContinuation<Void, any Error>] in
            state.isOpen = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns when the gate is open; throws `CancellationError` as soon as the task is cancelled.
    func wait() async throws {
        let id = state.withLockedValue { state -> Int? in
            guard !state.isOpen else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock: `open` and the cancellation handler both look here, so exactly one of them (or this)
                // resumes the continuation, whatever order they run in.
                let outcome = state.withLockedValue { state -> Result<Void, any Error>? in
                    if state.isOpen { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiting[id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = state.withLockedValue { $0.waiting.removeValue(forKey: id) }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
