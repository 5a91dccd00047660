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
/// A guess is **reserved before it is checked**: the counter admits it and counts it as in flight in one atomic
/// step, and it is released only when its verdict is known (a right one forgives, a wrong one becomes a miss).
/// While a count's free misses are all in flight, further guesses are not checked at all, so a burst sent at
/// once gets exactly the guesses the same requests would get one after another. A refused guess runs no bcrypt,
/// so guessing cannot slow down everyone else's requests.
///
/// The counts live in `counting`: in memory for one instance (`MemoryGuessCounter`, the default), or in the
/// shared database for several (`PostgresWebStorage`), where 9 misses spread over three instances block
/// exactly as 9 on one.
package struct GuessThrottle: Sendable {
    /// What is being guessed at.
    package enum Subject: Hashable, Sendable {
        case product(Int)
        case vendor(String)
        /// The admin password from a browser the console does not know: one count for all such browsers.
        case adminSignIn
        /// The admin password from a known browser (its device cookie, `AdminDevice`) or the operator's address:
        /// counted for that device alone, so an attack on `adminSignIn` does not lock its owner out.
        case adminDevice(String)
        /// The password a buyer gave their question (상품 문의), to read or delete it.
        case question(Int64)

        /// The kind of secret, as a metrics dimension (never the product or vendor itself: unbounded).
        var kind: String {
            switch self {
            case .product: "product_password"
            case .vendor: "vendor_secret"
            case .adminSignIn, .adminDevice: "admin_password"
            case .question: "question_password"
            }
        }
    }

    /// After `freeMisses`, each miss blocks for `firstDelaySeconds`, doubling, up to `maxDelaySeconds`.
    package struct Limit: Sendable {
        package var freeMisses: Int
        package var firstDelaySeconds: Int
        var maxDelaySeconds: Int
    }

    package static let perClientAndSubject = Limit(freeMisses: 3, firstDelaySeconds: 5, maxDelaySeconds: 60)
    package static let perClient = Limit(freeMisses: 10, firstDelaySeconds: 2, maxDelaySeconds: 300)
    package static let perSubject = Limit(freeMisses: 20, firstDelaySeconds: 2, maxDelaySeconds: 300)
    /// Misses older than this are forgotten; a client proven right stays trusted this long.
    package static let memory: Duration = .seconds(900)
    /// Bounds memory under a flood of distinct clients: the stalest records go first.
    package static let maxRecords = 100_000
    /// A blocked guess is answered only after this pause: a sleeping request costs nothing, and a client that
    /// keeps guessing can then send a guess a second per connection, instead of thousands that each cost a response.
    package static let tarpit: Duration = .seconds(1)
    /// A reserved guess stops counting as in flight after this even if it is never settled, so the reservations
    /// of an instance that died mid-check do not hold a count shut.
    package static let reservationLifetime: Duration = .seconds(60)
    /// A client that proved the secret lately (its own app sending several writes at once) waits up to this long
    /// for its guesses in flight to settle instead of being refused; anyone else is refused at once.
    package static let queueWait: Duration = .seconds(10)

    /// The counter's answer to a reservation.
    package enum Reservation: Sendable, Equatable {
        /// Counted as in flight: check it, then settle it.
        case granted
        /// Too many misses: nothing is checked for this many seconds.
        case blocked(seconds: Int)
        /// Every guess the counts allow now is being checked already; `proven`: this client proved this secret lately.
        case busy(proven: Bool)
        /// The counts cannot be read (their database is not answering): nothing is checked, and the client is told
        /// the service is unavailable rather than that it guessed too often.
        case unavailable
    }

    /// How a reserved guess turned out.
    package enum Verdict: String, Sendable {
        /// The secret was right: the reservation is released, the client's misses at it forgiven, the client trusted.
        case right
        /// A miss: the reservation becomes a counted miss.
        case wrong
        /// Nothing was learnt about the secret (the request failed before or beside the check): released.
        case undecided
    }

    /// A guess the throttle let through: settle it once, when its verdict is known.
    package struct Guess: Sendable {
        let counting: any GuessCounting
        let client: String
        let subject: Subject

        package func settle(_ verdict: Verdict) async {
            if verdict == .wrong { Counter(label: Telemetry.wrongGuesses, dimensions: [("subject", subject.kind)]).increment() }
            await counting.settle(client: client, subject: subject, verdict: verdict)
        }
    }

    package enum Admission: Sendable {
        /// Check the secret, then settle the guess.
        case guess(Guess)
        /// Do not check it; the client may try again after this many seconds.
        case refused(seconds: Int)
        /// Do not check it: the counts cannot be read now (`OpenMarketError.unavailable`).
        case unavailable
    }

    package let counting: any GuessCounting

    package init(counting: any GuessCounting = MemoryGuessCounter()) {
        self.counting = counting
    }

    /// Reserves a guess at `subject` before it is checked. A refusal is answered only after `tarpit`.
    package func reserve(client: String, subject: Subject) async -> Admission {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.queueWait
        var pause = Duration.milliseconds(10)
        while true {
            let seconds: Int
            switch await counting.reserve(client: client, subject: subject) {
            case .granted:
                return .guess(Guess(counting: counting, client: client, subject: subject))
            case .busy(proven: true) where clock.now + pause < deadline:
                // Its own guesses in flight are most likely right; one of them settles within a bcrypt or two.
                do { try await Task.sleep(for: pause) } catch { return .refused(seconds: 1) }
                pause = min(pause * 2, .milliseconds(200))
                continue
            case .busy:
                seconds = 1
            case .blocked(let wait):
                seconds = wait
            case .unavailable:
                return .unavailable
            }
            Counter(label: Telemetry.throttled, dimensions: [("subject", subject.kind)]).increment()
            try? await Task.sleep(for: Self.tarpit)
            return .refused(seconds: seconds)
        }
    }

    /// Seconds the client must still wait before a guess at `subject` is even checked, or `nil` when none blocks
    /// it now. A look, not a reservation: for refusing a blocked client before its request's body is read.
    package func waitSeconds(client: String, subject: Subject) async -> Int? {
        await counting.waitSeconds(client: client, subject: subject)
    }

    /// Like `waitSeconds`, but a blocked client's answer is held back for `tarpit` first.
    package func blockedSeconds(client: String, subject: Subject) async -> Int? {
        guard let wait = await waitSeconds(client: client, subject: subject) else { return nil }
        Counter(label: Telemetry.throttled, dimensions: [("subject", subject.kind)]).increment()
        try? await Task.sleep(for: Self.tarpit)
        return wait
    }

    /// The wait after a miss that makes `misses` in a row under `limit`, or `nil` while misses are still free.
    package static func delaySeconds(misses: Int, limit: Limit) -> Int? {
        guard misses >= limit.freeMisses else { return nil }
        let exponent = min(misses - limit.freeMisses, 16)
        return min(limit.firstDelaySeconds << exponent, limit.maxDelaySeconds)
    }

    /// Guesses that may be in flight at once under `limit` after `misses`: the free misses left, and one at a time
    /// past them (each further miss blocks before the next is checked).
    package static func inFlightAllowance(misses: Int, limit: Limit) -> Int {
        max(1, limit.freeMisses - misses)
    }
}

/// Where a `GuessThrottle` counts; every implementation applies the same three limits, and `reserve` decides and
/// counts in one atomic step.
package protocol GuessCounting: Sendable {
    func reserve(client: String, subject: GuessThrottle.Subject) async -> GuessThrottle.Reservation
    func settle(client: String, subject: GuessThrottle.Subject, verdict: GuessThrottle.Verdict) async
    func waitSeconds(client: String, subject: GuessThrottle.Subject) async -> Int?
}
