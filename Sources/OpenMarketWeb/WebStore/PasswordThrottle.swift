import Foundation

/// Slows down guessing: after a few wrong passwords for one product from one client, that client must wait,
/// twice as long after each further miss (capped), before the next try is even checked.
actor PasswordThrottle {
    struct Key: Hashable {
        var client: String
        /// What is being guessed at: a product's password, or the admin sign-in.
        var subject: String
    }

    private struct Record {
        var failures: Int
        var blockedUntil: ContinuousClock.Instant
        var lastFailure: ContinuousClock.Instant
    }

    static let freeAttempts = 3
    static let maxDelaySeconds = 60
    private var records: [Key: Record] = [:]
    private let clock = ContinuousClock()

    /// Seconds the client must still wait, or `nil` when it may try now.
    func waitSeconds(for key: Key) -> Int? {
        guard let record = records[key], record.blockedUntil > clock.now else { return nil }
        let remaining = record.blockedUntil - clock.now
        return max(1, Int(remaining.components.seconds) + (remaining.components.attoseconds > 0 ? 1 : 0))
    }

    func recordFailure(for key: Key) {
        forgetStale()
        var record = records[key] ?? Record(failures: 0, blockedUntil: clock.now, lastFailure: clock.now)
        record.failures += 1
        record.lastFailure = clock.now
        if record.failures >= Self.freeAttempts {
            let exponent = min(record.failures - Self.freeAttempts, 6)
            record.blockedUntil = clock.now + .seconds(min(1 << exponent, Self.maxDelaySeconds))
        }
        records[key] = record
    }

    func recordSuccess(for key: Key) {
        records[key] = nil
    }

    /// Keeps memory bounded: a client that stopped guessing a quarter of an hour ago starts afresh.
    private func forgetStale() {
        let cutoff = clock.now - .seconds(900)
        records = records.filter { $0.value.lastFailure > cutoff }
    }
}
