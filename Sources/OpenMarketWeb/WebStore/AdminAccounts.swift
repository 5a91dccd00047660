import Crypto
import Foundation
import GRDB
import Logging
import OpenMarketStore

/// The admin password (bcrypt hash) and signed-in sessions, kept in `web.sqlite` so a restart signs nobody out.
struct AdminAccounts: Sendable {
    static let sessionLifetime: TimeInterval = 8 * 3600

    let database: any DatabaseWriter
    let hasher: SecretHasher

    /// Sets the configured password, or creates one on the first start and logs it once.
    func prepare(configuredPassword: String?, logger: Logger) async throws {
        if let configuredPassword {
            if let problem = SecretHasher.problem(with: configuredPassword) { throw StartupError.invalidOption("--admin-password: \(problem)") }
            try await store(hash: try await hasher.hash(configuredPassword))
            return
        }
        let exists = try await database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM adminAccount)") } ?? false
        guard !exists else { return }
        let password = VendorSetup.randomSecret()
        try await store(hash: try await hasher.hash(password))
        logger.notice("Created the admin password; sign in at /admin/login. It is shown only now.", metadata: ["admin password": "\(password)"])
    }

    func verify(_ password: String) async throws -> Bool {
        let hash = try await database.read { db in try String.fetchOne(db, sql: "SELECT passwordHash FROM adminAccount WHERE id = 1") }
        return await hasher.verify(password, against: hash)
    }

    /// A new session; the returned token goes only into the visitor's cookie.
    func startSession() async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let now = Date()
        try await database.write { db in
            try db.execute(sql: "DELETE FROM adminSession WHERE expiresAt < ?", arguments: [now])
            try db.execute(
                sql: "INSERT INTO adminSession (tokenHash, createdAt, expiresAt) VALUES (?, ?, ?)",
                arguments: [Self.digest(token), now, now.addingTimeInterval(Self.sessionLifetime)])
        }
        return token
    }

    func isValid(session token: String) async throws -> Bool {
        let hash = Self.digest(token)
        return try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM adminSession WHERE tokenHash = ? AND expiresAt > ?)", arguments: [hash, Date()])
        } ?? false
    }

    func endSession(_ token: String) async throws {
        let hash = Self.digest(token)
        try await database.write { db in try db.execute(sql: "DELETE FROM adminSession WHERE tokenHash = ?", arguments: [hash]) }
    }

    private func store(hash: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO adminAccount (id, passwordHash, createdAt) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET passwordHash = excluded.passwordHash",
                arguments: [hash, Date()])
        }
    }

    static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
