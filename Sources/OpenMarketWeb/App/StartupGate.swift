/// Opens once the main application's start-up work (sample data, interrupted uploads) is done. The v2a listener
/// waits for it before it listens, so no app is ever answered from a market still being prepared.
///
/// One waiter only: an `AsyncStream` may be iterated by one task.
struct StartupGate: Sendable {
    private let stream: AsyncStream<Never>
    private let continuation: AsyncStream<Never>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Never.self)
    }

    func open() {
        continuation.finish()
    }

    /// Returns when the gate opens; throws when the waiting task is cancelled first (start-up failed elsewhere).
    func wait() async throws {
        for await _ in stream {}
        try Task.checkCancellation()
    }
}
