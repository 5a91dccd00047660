import Foundation
import Testing
@testable import OpenMarketWeb

/// Bad start-up options stop the server with one sentence that names the option.
@Suite("Start-up options")
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
}
