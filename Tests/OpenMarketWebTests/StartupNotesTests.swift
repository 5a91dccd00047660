import Foundation
import Logging
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The start-up banner: the address to open, and on a first start the secrets made, each shown once.
@Suite("Start-up banner", .timeLimit(.minutes(10)))
struct StartupNotesTests {
    @Test func aFirstStartShowsTheGeneratedAdminPasswordOnceAboveTheAddress() async throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let accounts = AdminAccounts(database: try WebDatabase.open(path: path), hasher: SecretHasher(cost: 4))

        let first = StartupNotes()
        try await accounts.prepare(configuredPassword: nil, notes: first, logger: Logger(label: "test"))
        let banner = first.banner(address: "http://127.0.0.1:8080")
        let lines = banner.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let heading = try #require(lines.firstIndex { $0.hasPrefix("admin password") })
        let password = lines[heading + 1]
        #expect(password.count == 16, "\(banner)")
        #expect(try await accounts.verify(password), "the password shown is the one that signs in")
        #expect(lines.last == "OpenMarket Web is ready: http://127.0.0.1:8080", "the address comes last")

        let second = StartupNotes()
        try await accounts.prepare(configuredPassword: nil, notes: second, logger: Logger(label: "test"))
        #expect(second.banner(address: "http://127.0.0.1:8080") == "\n  OpenMarket Web is ready: http://127.0.0.1:8080\n")
    }
}
