import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
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
        let throttle = GuessThrottle()
        let subject = GuessThrottle.Subject.vendor("5e0b7c1a")
        await throttle.recordSuccess(client: "10.0.0.1", subject: subject)
        for client in 0..<GuessThrottle.perSubject.freeMisses {
            #expect(await throttle.waitSeconds(client: "192.0.2.\(client)", subject: subject) == nil)
            await throttle.recordMiss(client: "192.0.2.\(client)", subject: subject)
        }
        #expect(await throttle.waitSeconds(client: "198.51.100.7", subject: subject) != nil, "a fresh address is slowed too")
        #expect(await throttle.waitSeconds(client: "10.0.0.1", subject: subject) == nil, "the vendor's own app keeps working")
        #expect(await throttle.waitSeconds(client: "198.51.100.7", subject: .vendor("another")) == nil, "other secrets are not affected")
    }

    /// The throttle is asked before the secret is even read, so while a client is blocked its right secret is
    /// refused like any other guess and tells it nothing.
    @Test func aBlockedClientIsBlockedWhateverItSendsNext() async {
        let throttle = GuessThrottle()
        for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses {
            await throttle.recordMiss(client: "192.0.2.1", subject: .product(7))
        }
        let wait = await throttle.waitSeconds(client: "192.0.2.1", subject: .product(7))
        #expect(wait == GuessThrottle.perClientAndSubject.firstDelaySeconds)
        #expect(await throttle.waitSeconds(client: "192.0.2.2", subject: .product(7)) == nil, "another client may try")
    }

    @Test func oneClientGuessingAcrossManySecretsIsSlowedAsAWhole() async {
        let throttle = GuessThrottle()
        for product in 0..<GuessThrottle.perClient.freeMisses {
            await throttle.recordMiss(client: "203.0.113.9", subject: .product(product))
        }
        #expect(await throttle.waitSeconds(client: "203.0.113.9", subject: .product(999)) != nil)
        #expect(await throttle.waitSeconds(client: "203.0.113.10", subject: .product(999)) == nil)
    }
}
