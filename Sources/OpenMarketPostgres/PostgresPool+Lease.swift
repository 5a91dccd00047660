import NIOConcurrencyHelpers
import PostgresNIO

/// One unit of work's connection, between the task that leases it from the pool (the holder), the task that works
/// on it (the borrower) and the watcher of the limits: waited for, lent since a moment, given back, failed, or given
/// up on.
final class Lease: Sendable {
    enum Expiry: Sendable, Equatable {
        /// No connection came within the wait.
        case noConnection
        /// The work held its connection past its limit, and the connection was closed.
        case workTooLong
    }

    private enum Phase {
        case waiting
        case lent(PostgresConnection, since: ContinuousClock.Instant)
        case givenBack
        case failed(any Error)
        case expired(Expiry)
    }

    private struct State {
        var phase = Phase.waiting
        var wasLent = false
        var borrower: CheckedContinuation<PostgresConnection, any Error>?
        var holder: CheckedContinuation<Void, Never>?
        var isGivenBack = false
    }

    private let state = NIOLockedValueBox(State())

    var expiry: Expiry? {
        state.withLockedValue { state in if case .expired(let expiry) = state.phase { expiry } else { nil } }
    }

    /// Whether the work got its connection.
    var wasLent: Bool { state.withLockedValue { $0.wasLent } }

    /// The holder's side: lends the pool's connection to the borrower, and returns once it is given back (at once when
    /// the borrower gave up waiting), so the pool takes it back only then.
    func lend(_ connection: PostgresConnection) async {
        let borrower = state.withLockedValue { state -> CheckedContinuation<PostgresConnection, any Error>?? in
            guard case .waiting = state.phase else { return nil }
            state.phase = .lent(connection, since: .now)
            state.wasLent = true
            defer { state.borrower = nil }
            return .some(state.borrower)
        }
        guard let borrower else { return }
        borrower?.resume(returning: connection)
        // Not cancellable: the borrower may still be working on the connection, and gives it back when done.
        await withCheckedContinuation { (holder: CheckedContinuation<Void, Never>) in
            let givenBack = state.withLockedValue { state -> Bool in
                if state.isGivenBack { return true }
                state.holder = holder
                return false
            }
            if givenBack { holder.resume() }
        }
    }

    /// The holder could not lease a connection (the pool gave up connecting, or it is closed).
    func fail(_ error: any Error) {
        let borrower = state.withLockedValue { state -> CheckedContinuation<PostgresConnection, any Error>? in
            guard case .waiting = state.phase else { return nil }
            state.phase = .failed(error)
            defer { state.borrower = nil }
            return state.borrower
        }
        borrower?.resume(throwing: error)
    }

    /// The borrower's side: the connection once lent; throws when the wait was given up, the lease failed, or this
    /// task is cancelled.
    func borrow() async throws -> PostgresConnection {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (borrower: CheckedContinuation<PostgresConnection, any Error>) in
                let outcome = state.withLockedValue { state -> Result<PostgresConnection, any Error>? in
                    switch state.phase {
                    case .lent(let connection, _): return .success(connection)
                    case .failed(let error): return .failure(error)
                    case .expired, .givenBack: return .failure(CancellationError())
                    case .waiting:
                        if Task.isCancelled {
                            state.phase = .failed(CancellationError())
                            return .failure(CancellationError())
                        }
                        state.borrower = borrower
                        return nil
                    }
                }
                if let outcome { borrower.resume(with: outcome) }
            }
        } onCancel: {
            fail(CancellationError())
        }
    }

    /// The borrower is done: the connection goes back to the pool, and is never closed from here after this.
    func giveBack() {
        let holder = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            state.isGivenBack = true
            if case .lent = state.phase { state.phase = .givenBack }
            defer { state.holder = nil }
            return state.holder
        }
        holder?.resume()
    }

    /// Gives up on what outlasts its limits: a wait for a connection once `giveUp` says so (asked every tick with the
    /// time waited), or work that holds its connection past `work` (closing it, which fails the statement it waits
    /// on). Returns when the work is done, or when cancelled.
    func watch(from start: ContinuousClock.Instant, work: Duration?, giveUp: (Duration) -> Bool) async {
        var until = start + Self.tick
        while true {
            do {
                try await Task.sleep(until: until, clock: .continuous)
            } catch {
                return
            }
            let now = ContinuousClock.now
            let givingUp = giveUp(now - start)
            let (next, borrower) = state.withLockedValue { state -> (ContinuousClock.Instant?, CheckedContinuation<PostgresConnection, any Error>?) in
                switch state.phase {
                case .waiting:
                    guard givingUp else { return (now + Self.tick, nil) }
                    state.phase = .expired(.noConnection)
                    defer { state.borrower = nil }
                    return (nil, state.borrower)
                case .lent(let connection, let since):
                    guard let work else { return (nil, nil) }
                    if now < since + work { return (since + work, nil) }
                    state.phase = .expired(.workTooLong)
                    // Started under the lock, so it is this work's connection that closes, never one given back since.
                    connection.close().whenComplete { _ in }
                    return (nil, nil)
                case .givenBack, .failed, .expired:
                    return (nil, nil)
                }
            }
            borrower?.resume(throwing: CancellationError())
            guard let next else { return }
            until = next
        }
    }

    /// How often a wait for a connection looks again whether to give up.
    static let tick: Duration = .milliseconds(100)
}
