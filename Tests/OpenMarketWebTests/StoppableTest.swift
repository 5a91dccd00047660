import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers

extension ApplicationProtocol {
    /// HummingbirdTesting's `test(_:_:)`, given up on when this test's task is cancelled (its suite's time limit).
    /// The framework waits for the server's port and for its services' graceful shutdown without regard to
    /// cancellation, so a server that never starts, or never finishes stopping, would hold the whole run; this way
    /// the test fails by name and the run goes on. The abandoned server is left to the test process's exit.
    func stoppableTest<Value: Sendable>(
        _ setup: TestingSetup, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let outcome = OneOutcome<Value>()
        let run = Task { [self] in
            do { outcome.finish(.success(try await self.test(setup, test))) } catch { outcome.finish(.failure(error)) }
        }
        return try await withTaskCancellationHandler {
            try await outcome.value()
        } onCancel: {
            run.cancel()
            outcome.finish(.failure(StoppedTest()))
        }
    }
}

/// The test's task was cancelled while the application under test was still starting, serving or stopping.
struct StoppedTest: Error, CustomStringConvertible {
    var description: String { "cancelled (time limit) while the application under test was starting, serving or stopping" }
}

/// A result set once, awaited by one waiter; the first `finish` wins.
private final class OneOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending(CheckedContinuation<Value, any Error>?)
        case done(Result<Value, any Error>)
    }

    private let state = NIOLockedValueBox(State.pending(nil))

    func finish(_ result: Result<Value, any Error>) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Value, any Error>? in
            guard case .pending(let waiter) = state else { return nil }
            state = .done(result)
            return waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLockedValue { state -> Result<Value, any Error>? in
                switch state {
                case .pending:
                    state = .pending(continuation)
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
