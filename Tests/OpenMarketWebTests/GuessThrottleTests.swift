import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
@testable import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Guessing secrets is slowed per client, per secret and per pair, before any bcrypt runs.
@Suite("Guessing secrets", .timeLimit(.minutes(10)))
struct GuessThrottleTests {
    @Test func wrongAPISecretsOnAnyProductsOfOneVendorEndIn429WithRetryAfter() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let products = try await MarketProbe.products(via: client).filter { $0.vendorName != "neighbor_vendor" }.prefix(4).map(\.id)
            let before = try TestSupport.counts(in: directory)
            var statuses: [HTTPResponse.Status] = []
            // Different products, one vendor secret: the misses add up.
            for (attempt, id) in products.enumerated() {
                let response = try await client.execute(
                    uri: "/api/products/\(id)", method: .patch, headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"stock": 1, "secret": "guess-\#(attempt)"}"#))
                statuses.append(response.status)
                if response.status == .tooManyRequests {
                    let seconds = try #require(response.headers[.retryAfter].flatMap(Int.init))
                    #expect(seconds >= 1)
                    #expect(try response.marketError().status == 429)
                }
            }
            #expect(statuses == [.unauthorized, .unauthorized, .unauthorized, .tooManyRequests])
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func oneVendorSecretGuardingManyProductsGivesNoExtraGuessesInTheStorefront() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let samples = try await MarketProbe.products(via: client).filter { $0.vendorName != "neighbor_vendor" }.prefix(4).map(\.id)
            var browser = StorefrontBrowser(client)
            var statuses: [HTTPResponse.Status] = []
            for (attempt, id) in samples.enumerated() {
                try await browser.get(SiteURLs.delete(id))
                statuses.append(try await browser.post(SiteURLs.delete(id), fields: [("password", "guess-\(attempt)")]).status)
            }
            #expect(statuses == [.forbidden, .forbidden, .forbidden, .tooManyRequests])
            for id in samples { #expect(try await MarketProbe.product(id, via: client) != nil) }
        }
    }

    @Test func manyClientsShareTheMissesOfOneSecretButAProvenClientIsNotLockedOut() async {
        let counter = MemoryGuessCounter()
        let throttle = GuessThrottle(counting: counter)
        let subject = GuessThrottle.Subject.vendor("5e0b7c1a")
        #expect(await counter.prove(client: "10.0.0.1", subject: subject))
        for client in 0..<GuessThrottle.perSubject.freeMisses {
            #expect(await throttle.waitSeconds(client: "192.0.2.\(client)", subject: subject) == nil)
            #expect(await counter.miss(client: "192.0.2.\(client)", subject: subject))
        }
        #expect(await throttle.waitSeconds(client: "198.51.100.7", subject: subject) != nil, "a fresh address is slowed too")
        #expect(await throttle.waitSeconds(client: "10.0.0.1", subject: subject) == nil, "the vendor's own app keeps working")
        #expect(await throttle.waitSeconds(client: "198.51.100.7", subject: .vendor("another")) == nil, "other secrets are not affected")
    }

    /// While a client is blocked its right secret is refused like any other guess, unchecked, and tells it nothing.
    @Test func aBlockedClientIsBlockedWhateverItSendsNext() async {
        let counter = MemoryGuessCounter()
        for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses {
            #expect(await counter.miss(client: "192.0.2.1", subject: .product(7)))
        }
        #expect(await counter.waitSeconds(client: "192.0.2.1", subject: .product(7)) == GuessThrottle.perClientAndSubject.firstDelaySeconds)
        #expect(await counter.reserve(client: "192.0.2.1", subject: .product(7)) == .blocked(seconds: GuessThrottle.perClientAndSubject.firstDelaySeconds))
        #expect(await counter.waitSeconds(client: "192.0.2.2", subject: .product(7)) == nil, "another client may try")
    }

    @Test func oneClientGuessingAcrossManySecretsIsSlowedAsAWhole() async {
        let counter = MemoryGuessCounter()
        for product in 0..<GuessThrottle.perClient.freeMisses {
            #expect(await counter.miss(client: "203.0.113.9", subject: .product(product)))
        }
        #expect(await counter.waitSeconds(client: "203.0.113.9", subject: .product(999)) != nil)
        #expect(await counter.waitSeconds(client: "203.0.113.10", subject: .product(999)) == nil)
    }

    /// Guesses sent together are reserved one by one: the free misses are granted, every further one is refused
    /// before it is checked, whatever their order.
    @Test func guessesReservedAtOnceAreGrantedOnlyTheFreeMisses() async {
        let counter = MemoryGuessCounter()
        let answers = await withTaskGroup(of: GuessThrottle.Reservation.self) { group in
            for _ in 0..<50 { group.addTask { await counter.reserve(client: "192.0.2.3", subject: .adminSignIn) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0 == .granted }.count == GuessThrottle.perClientAndSubject.freeMisses)
        #expect(answers.filter { $0 == .busy(proven: false) }.count == 50 - GuessThrottle.perClientAndSubject.freeMisses)
    }

    /// A client that proved the secret (its own app, several writes at once) waits for its guesses in flight to
    /// settle instead of getting 429; a stranger is refused at once.
    @Test(.timeLimit(.minutes(1))) func aProvenClientWaitsForItsGuessesInFlightWhereAStrangerIsRefused() async throws {
        let counter = MemoryGuessCounter()
        let throttle = GuessThrottle(counting: counter)
        let subject = GuessThrottle.Subject.vendor("5e0b7c1a")
        #expect(await counter.prove(client: "10.0.0.1", subject: subject))
        for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses { #expect(await counter.reserve(client: "10.0.0.1", subject: subject) == .granted) }
        let waiting = Task { await throttle.reserve(client: "10.0.0.1", subject: subject) }
        try await Task.sleep(for: .milliseconds(100))
        await counter.settle(client: "10.0.0.1", subject: subject, verdict: .right)
        guard case .guess(let guess) = await waiting.value else {
            Issue.record("the proven client was refused")
            return
        }
        await guess.settle(.right)
        for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses { #expect(await counter.reserve(client: "192.0.2.4", subject: subject) == .granted) }
        #expect(await counter.reserve(client: "192.0.2.4", subject: subject) == .busy(proven: false))
    }
}
