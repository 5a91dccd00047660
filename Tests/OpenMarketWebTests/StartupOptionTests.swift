import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Bad start-up options stop the server with one sentence that names the option.
@Suite("Start-up options", .timeLimit(.minutes(10)))
struct StartupOptionTests {
    @Test(arguments: [String(repeating: "s", count: 73), "secret\u{0}tail", String(repeating: "비", count: 25)])
    func aVendorSecretBcryptCannotKeepWholeIsRefusedByName(secret: String) async throws {
        var config = TestSupport.configuration()
        config.secret = secret
        do {
            _ = try await buildApplication(config)
            Issue.record("the server started with a secret bcrypt would cut short")
        } catch let error as StartupError {
            let sentence = error.description
            #expect(sentence.hasPrefix("--secret (OPENMARKET_SECRET): "), "\(sentence)")
            #expect(!sentence.contains("Violation"), "no Swift dump: \(sentence)")
        }
    }

    /// On a v1 upstream the secret becomes the password of every item the front end lists: v1's rule for item
    /// passwords applies at start-up, not at the first upload.
    @Test func aV1UpstreamRefusesASecretTooShortForAnItemPassword() async throws {
        var config = TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:9"))))
        config.upstreamGeneration = .v1
        config.secret = "abc"
        do {
            _ = try await buildApplication(config)
            Issue.record("the server started with a three-letter item password")
        } catch let error as StartupError {
            #expect(error.description.hasPrefix("--secret (OPENMARKET_SECRET): a v1 server takes it as the password"), "\(error)")
        }
        // Four characters do, and without --identifier: v1 has no vendors, so the secret alone enables writes.
        config.secret = "abcd"
        config.identifier = nil
        try await buildApplication(config).stoppableTest(.router) { client in
            let form = try await client.execute(uri: "/products/new", method: .get)
            #expect(form.status == .ok)
            #expect(!form.text.contains("판매자 계정(--identifier, --secret)이 설정되지 않아"))
        }
    }
}
