import Foundation
import Metrics

/// Slows down guessing of secrets — product passwords, vendor secrets, the admin password — at three levels, so
/// that neither many clients nor many products multiply the free guesses:
///
/// - one client at one secret: a few free misses, then a wait that doubles with each further miss (capped);
/// - one client at any secret: a one-vendor secret guarding 24 products no longer gives 24 × 3 free guesses;
/// - any client at one secret: many addresses cannot share the work, except clients that proved the secret
///   recently, so an attack on a vendor does not lock out that vendor's own app.
///
/// A blocked guess is refused before any bcrypt runs, so guessing cannot slow down everyone else's requests.
///
/// The misses are counted by `counting`: in memory for one instance (`MemoryGuessCounter`, the default), or in
/// the shared database for several (`PostgresWebStorage`), where 9 misses spread over three instances block
/// exactly as 9 on one.
struct GuessThrottle: Sendable {
    /// What is being guessed at.
    enum Subject: Hashable, Sendable {
        case product(Int)
        case vendor(String)
        case adminSignIn

        /// The kind of secret, as a metrics dimension (never the product or vendor itself: unbounded).
        var kind: String {
            switch self {
            case .product: "product_password"
            case .vendor: "vendor_secret"
            case .adminSignIn: "admin_password"
            }
        }
    }

    /// After `freeMisses`, each miss blocks for `firstDelaySeconds`, doubling, up to `maxDelaySeconds`.
    struct Limit: Sendable {
        var freeMisses: Int
        var firstDelaySeconds: Int
        var maxDelaySeconds: Int
    }

    static let perClientAndSubject = Limit(freeMisses: 3, firstDelaySeconds: 5, maxDelaySeconds: 60)
    static let perClient = Limit(freeMisses: 10, firstDelaySeconds: 2, maxDelaySeconds: 300)
    static let perSubject = Limit(freeMisses: 20, firstDelaySeconds: 2, maxDelaySeconds: 300)
    /// Misses older than this are forgotten; a client proven right stays trusted this long.
    static let memory: Duration = .seconds(900)
    /// Bounds memory under a flood of distinct clients: the stalest records go first.
    static let maxRecords = 100_000
    /// A blocked guess is answered only after this pause: a sleeping request costs nothing, and a client that
    /// keeps guessing can then send a guess a second per connection, instead of thousands that each cost a response.
    static let tarpit: Duration = .seconds(1)

    let counting: any GuessCounting

    init(counting: any GuessCounting = MemoryGuessCounter()) {
        self.counting = counting
    }

    /// Seconds the client must still wait before a guess at `subject` is even checked, or `nil` when it may try.
    /// A blocked client is answered only after `tarpit`: the caller of `refusal` waits for it.
    func waitSeconds(client: String, subject: Subject) async -> Int? {
        await counting.waitSeconds(client: client, subject: subject)
    }

    /// Like `waitSeconds`, but a blocked client's answer is held back for `tarpit` first. Throws when the counts
    /// cannot be read because their database is not answering (`OpenMarketError.unavailable`: the guess is not let
    /// through, and the answer says the service is unavailable rather than that the client guessed too often).
    func blockedSeconds(client: String, subject: Subject) async throws -> Int? {
        guard let wait = try await counting.checkedWaitSeconds(client: client, subject: subject) else { return nil }
        Counter(label: Telemetry.throttled, dimensions: [("subject", subject.kind)]).increment()
        try? await Task.sleep(for: Self.tarpit)
        return wait
    }

    func recordMiss(client: String, subject: Subject) async {
        Counter(label: Telemetry.wrongGuesses, dimensions: [("subject", subject.kind)]).increment()
        await counting.recordMiss(client: client, subject: subject)
    }

    /// The right secret: this client's misses at this subject are forgiven and it is trusted for the subject.
    /// Its misses elsewhere and other clients' misses stay, so knowing one secret buys no guesses at another.
    func recordSuccess(client: String, subject: Subject) async {
        await counting.recordSuccess(client: client, subject: subject)
    }

    /// The wait after a miss that makes `misses` in a row under `limit`, or `nil` while misses are still free.
    static func delaySeconds(misses: Int, limit: Limit) -> Int? {
        guard misses >= limit.freeMisses else { return nil }
        let exponent = min(misses - limit.freeMisses, 16)
        return min(limit.firstDelaySeconds << exponent, limit.maxDelaySeconds)
    }
}

/// Where a `GuessThrottle` counts misses; every implementation applies the same three limits.
protocol GuessCounting: Sendable {
    func waitSeconds(client: String, subject: GuessThrottle.Subject) async -> Int?
    /// `waitSeconds`, throwing rather than refusing when the counts' database is not answering.
    func checkedWaitSeconds(client: String, subject: GuessThrottle.Subject) async throws -> Int?
    func recordMiss(client: String, subject: GuessThrottle.Subject) async
    func recordSuccess(client: String, subject: GuessThrottle.Subject) async
}

extension GuessCounting {
    func checkedWaitSeconds(client: String, subject: GuessThrottle.Subject) async throws -> Int? {
        await waitSeconds(client: client, subject: subject)
    }
}

/// Misses counted in this process's memory: for one instance.
actor MemoryGuessCounter: GuessCounting {
    typealias Subject = GuessThrottle.Subject

    private struct Record {
        var misses = 0
        var blockedUntil: ContinuousClock.Instant
        var lastMiss: ContinuousClock.Instant
    }

    private struct PairKey: Hashable {
        var client: String
        var subject: Subject
    }

    private var pairs: [PairKey: Record] = [:]
    private var clients: [String: Record] = [:]
    private var subjects: [Subject: Record] = [:]
    private var trusted: [PairKey: ContinuousClock.Instant] = [:]
    private let clock = ContinuousClock()

    func waitSeconds(client: String, subject: Subject) -> Int? {
        let now = clock.now
        var until = [pairs[PairKey(client: client, subject: subject)], clients[client]].compactMap { $0?.blockedUntil }.max() ?? now
        let isTrusted = trusted[PairKey(client: client, subject: subject)].map { $0 > now } ?? false
        if !isTrusted, let subjectBlock = subjects[subject]?.blockedUntil { until = max(until, subjectBlock) }
        guard until > now else { return nil }
        let remaining = until - now
        return max(1, Int(remaining.components.seconds) + (remaining.components.attoseconds > 0 ? 1 : 0))
    }

    func recordMiss(client: String, subject: Subject) {
        let now = clock.now
        if pairs.count + clients.count + subjects.count > GuessThrottle.maxRecords { forgetStale(now: now) }
        Self.miss(&pairs[PairKey(client: client, subject: subject), default: Record(blockedUntil: now, lastMiss: now)], GuessThrottle.perClientAndSubject, now)
        Self.miss(&clients[client, default: Record(blockedUntil: now, lastMiss: now)], GuessThrottle.perClient, now)
        Self.miss(&subjects[subject, default: Record(blockedUntil: now, lastMiss: now)], GuessThrottle.perSubject, now)
    }

    func recordSuccess(client: String, subject: Subject) {
        let key = PairKey(client: client, subject: subject)
        pairs[key] = nil
        trusted[key] = clock.now + GuessThrottle.memory
    }

    private static func miss(_ record: inout Record, _ limit: GuessThrottle.Limit, _ now: ContinuousClock.Instant) {
        if now - record.lastMiss > GuessThrottle.memory { record = Record(blockedUntil: now, lastMiss: now) }
        record.misses += 1
        record.lastMiss = now
        if let delay = GuessThrottle.delaySeconds(misses: record.misses, limit: limit) {
            record.blockedUntil = now + .seconds(delay)
        }
    }

    private func forgetStale(now: ContinuousClock.Instant) {
        let cutoff = now - GuessThrottle.memory
        pairs = pairs.filter { $0.value.lastMiss > cutoff }
        clients = clients.filter { $0.value.lastMiss > cutoff }
        subjects = subjects.filter { $0.value.lastMiss > cutoff }
        trusted = trusted.filter { $0.value > now }
        // Still too many: a flood of fresh clients. Keep the most recent half.
        if clients.count > GuessThrottle.maxRecords / 2 {
            let keep = clients.sorted { $0.value.lastMiss > $1.value.lastMiss }.prefix(GuessThrottle.maxRecords / 4)
            clients = Dictionary(uniqueKeysWithValues: Array(keep))
            pairs = pairs.filter { clients[$0.key.client] != nil }
        }
    }
}
