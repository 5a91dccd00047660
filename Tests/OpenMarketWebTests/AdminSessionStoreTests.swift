import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// What `web.sqlite` keeps for the console: sessions across restarts, and the admin password only as a hash.
@Suite("Admin sessions and password storage", .timeLimit(.minutes(10)))
struct AdminSessionStoreTests {
    private struct AccountRow: Equatable {
        var passwordHash: String
        var accounts: Int
        var sessionHashes: [String]
    }

    private func storedAccount(in directory: URL) throws -> AccountRow {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path, configuration: configuration)
        return try queue.read { db in
            AccountRow(
                passwordHash: try String.fetchOne(db, sql: "SELECT passwordHash FROM adminAccount WHERE id = 1") ?? "",
                accounts: try Int.fetchOne(db, sql: "SELECT count(*) FROM adminAccount") ?? -1,
                sessionHashes: try String.fetchAll(db, sql: "SELECT tokenHash FROM adminSession"))
        }
    }

    @Test func aSessionSurvivesARestart() async throws {
        let directory = TestSupport.temporaryDirectory()
        let config = AdminClient.configuration(dataDirectory: directory)
        let first = try await buildApplication(config)
        let cookies = try await first.stoppableTest(.router) { client in
            let admin = try await AdminClient.signedIn(client)
            return admin.browser.cookies
        }
        let session = try #require(cookies[AdminClient.sessionCookie])

        let second = try await buildApplication(config)
        try await second.stoppableTest(.router) { client in
            let cookieHeader = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let response = try await client.execute(uri: "/admin/products", method: .get, headers: [.cookie: cookieHeader])
            #expect(response.status == .ok)
            #expect(response.adminRowIDs.count == 24)
            // A stranger's made-up token does not.
            let forged = try await client.execute(
                uri: "/admin/products", method: .get, headers: [.cookie: "\(AdminClient.sessionCookie)=\(String(repeating: "0", count: 64))"])
            #expect(forged.status == .seeOther)
        }
        // Only the token's SHA-256 is stored: a copy of web.sqlite does not sign anyone in.
        let stored = try storedAccount(in: directory)
        #expect(stored.sessionHashes == [AdminAccounts.digest(session)])
        #expect(!stored.sessionHashes.contains(session))
    }

    @Test func aGeneratedPasswordIsKeptAcrossRestartsAndOnlyAsABcryptHash() async throws {
        let directory = TestSupport.temporaryDirectory()
        let config = TestSupport.configuration(dataDirectory: directory)
        #expect(config.adminPassword == nil)
        let first = try await buildApplication(config)
        try await first.stoppableTest(.router) { client in
            // The configured test password is not the generated one.
            var admin = AdminClient(client)
            let response = try await admin.signIn()
            #expect(response.status == .unauthorized)
        }
        let created = try storedAccount(in: directory)
        #expect(created.accounts == 1)
        #expect(created.passwordHash.hasPrefix("$2"), "a bcrypt hash, not the password: \(created.passwordHash.prefix(4))")
        #expect(created.passwordHash.count == 60)

        let second = try await buildApplication(config)
        try await second.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/admin/login", method: .get)
            #expect(response.status == .ok)
        }
        let after = try storedAccount(in: directory)
        #expect(after.passwordHash == created.passwordHash, "a restart must not replace the generated password")
        #expect(after.accounts == 1)
    }

    @Test func aConfiguredPasswordReplacesTheGeneratedOne() async throws {
        let directory = TestSupport.temporaryDirectory()
        let generated = try await buildApplication(TestSupport.configuration(dataDirectory: directory))
        try await generated.stoppableTest(.router) { _ in }
        let before = try storedAccount(in: directory)

        let configured = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await configured.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            let response = try await admin.signIn()
            #expect(response.status == .seeOther)
        }
        let after = try storedAccount(in: directory)
        #expect(after.passwordHash != before.passwordHash)
        #expect(!after.passwordHash.contains(AdminClient.password))
        #expect(after.accounts == 1)
    }
}
