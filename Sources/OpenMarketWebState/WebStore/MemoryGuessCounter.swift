/// Guesses counted in this process's memory: for one instance. Each call runs whole on the actor, so a reservation's
/// decision and its count are one step.
package actor MemoryGuessCounter: GuessCounting {
    package typealias Subject = GuessThrottle.Subject
    package typealias Instant = ContinuousClock.Instant

    private enum Scope: Hashable {
        case pair, client, subject
    }

    private struct Key: Hashable {
        var scope: Scope
        var client: String
        var subject: Subject?
    }

    /// One count: its misses (forgotten `GuessThrottle.memory` after the last) and its guesses in flight (forgotten
    /// `reservationLifetime` after the last reservation).
    private struct Record {
        var misses = 0
        var lastMiss: Instant
        var blockedUntil: Instant
        var pending = 0
        var pendingUntil: Instant

        init(now: Instant) {
            lastMiss = now
            blockedUntil = now
            pendingUntil = now
        }

        func misses(at now: Instant) -> Int { now - lastMiss > GuessThrottle.memory ? 0 : misses }
        func pending(at now: Instant) -> Int { pendingUntil > now ? pending : 0 }
        func isEmpty(at now: Instant) -> Bool { misses(at: now) == 0 && pending(at: now) == 0 && blockedUntil <= now }
    }

    private struct PairKey: Hashable {
        var client: String
        var subject: Subject
    }

    private var records: [Key: Record] = [:]
    private var trusted: [PairKey: Instant] = [:]
    private let clock = ContinuousClock()

    /// The three counts a guess touches, in one order, with their limits.
    private static func counts(client: String, subject: Subject) -> [(key: Key, limit: GuessThrottle.Limit)] {
        [
            (Key(scope: .pair, client: client, subject: subject), GuessThrottle.perClientAndSubject),
            (Key(scope: .client, client: client, subject: nil), GuessThrottle.perClient),
            (Key(scope: .subject, client: "", subject: subject), GuessThrottle.perSubject),
        ]
    }

    private func isTrusted(client: String, subject: Subject, now: Instant) -> Bool {
        trusted[PairKey(client: client, subject: subject)].map { $0 > now } ?? false
    }

    package func reserve(client: String, subject: Subject) -> GuessThrottle.Reservation {
        let now = clock.now
        let proven = isTrusted(client: client, subject: subject, now: now)
        let counts = Self.counts(client: client, subject: subject)
        var until = now
        var busy = false
        // A client that proved this secret lately is not held back by the secret's own count.
        for (key, limit) in counts where !(key.scope == .subject && proven) {
            guard let record = records[key] else { continue }
            until = max(until, record.blockedUntil)
            if record.pending(at: now) >= GuessThrottle.inFlightAllowance(misses: record.misses(at: now), limit: limit) { busy = true }
        }
        if until > now { return .blocked(seconds: Self.seconds(until - now)) }
        if busy { return .busy(proven: proven) }
        if records.count > GuessThrottle.maxRecords { forgetStale(now: now) }
        for (key, _) in counts {
            var record = records[key] ?? Record(now: now)
            record.pending = record.pending(at: now) + 1
            record.pendingUntil = now + GuessThrottle.reservationLifetime
            records[key] = record
        }
        return .granted
    }

    package func settle(client: String, subject: Subject, verdict: GuessThrottle.Verdict) {
        let now = clock.now
        for (key, limit) in Self.counts(client: client, subject: subject) {
            guard var record = records[key] else { continue }
            record.pending = max(0, record.pending(at: now) - 1)
            switch verdict {
            case .wrong:
                record.misses = record.misses(at: now) + 1
                record.lastMiss = now
                if let delay = GuessThrottle.delaySeconds(misses: record.misses, limit: limit) {
                    record.blockedUntil = max(record.blockedUntil, now + .seconds(delay))
                }
            case .right where key.scope == .pair:
                record.misses = 0
                record.blockedUntil = now
            case .right, .undecided:
                break
            }
            // A count back at nothing is dropped: right guesses leave no records behind.
            records[key] = record.isEmpty(at: now) ? nil : record
        }
        if verdict == .right { trusted[PairKey(client: client, subject: subject)] = now + GuessThrottle.memory }
    }

    package func waitSeconds(client: String, subject: Subject) -> Int? {
        let now = clock.now
        let proven = isTrusted(client: client, subject: subject, now: now)
        let until = Self.counts(client: client, subject: subject)
            .filter { !($0.key.scope == .subject && proven) }
            .compactMap { records[$0.key]?.blockedUntil }
            .max() ?? now
        return until > now ? Self.seconds(until - now) : nil
    }

    /// Whole seconds, rounded up, at least one.
    private static func seconds(_ remaining: Duration) -> Int {
        max(1, Int(remaining.components.seconds) + (remaining.components.attoseconds > 0 ? 1 : 0))
    }

    private func forgetStale(now: Instant) {
        records = records.filter { !$0.value.isEmpty(at: now) }
        trusted = trusted.filter { $0.value > now }
        // Still too many: a flood of fresh clients. Keep the guesses in flight and the most recent misses.
        if records.count > GuessThrottle.maxRecords / 2 {
            let keep = records.sorted { $0.value.lastMiss > $1.value.lastMiss }.prefix(GuessThrottle.maxRecords / 4)
            records = Dictionary(uniqueKeysWithValues: Array(keep)).merging(records.filter { $0.value.pending(at: now) > 0 }) { kept, _ in kept }
        }
    }
}
