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

    /// Refuses a configured password bcrypt cannot take, before anything is built.
    static func check(configuredPassword: String?) throws {
        if let configuredPassword, let problem = SecretHasher.problem(with: configuredPassword) {
            throw StartupError.invalidOption("--admin-password: \(problem)")
        }
    }

    /// Sets the configured password, or creates one on the first start and logs it once.
    func prepare(configuredPassword: String?, notes: StartupNotes, logger: Logger) async throws {
        if let configuredPassword {
            try await store(hash: try await hasher.hash(configuredPassword))
            return
        }
        let exists = try await database.read { db in try AdminAccountRecord.exists(db, key: AdminAccountRecord.id) }
        guard !exists else { return }
        let password = VendorSetup.randomSecret()
        try await store(hash: try await hasher.hash(password))
        logger.info("Created the admin password")
        notes.add("admin password (sign in at /admin/login; --admin-password sets another):")
        notes.add("  \(password)")
    }

    func verify(_ password: String) async throws -> Bool {
        let hash = try await database.read { db in try AdminAccountRecord.fetchOne(db, key: AdminAccountRecord.id)?.passwordHash }
        return await hasher.verify(password, against: hash)
    }

    /// A new session; the returned token goes only into the visitor's cookie.
    func startSession() async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let now = Date()
        let session = AdminSessionRecord(tokenHash: Self.digest(token), createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        try await database.write { db in
            _ = try AdminSessionRecord.expired(at: now).deleteAll(db)
            try session.insert(db)
        }
        return token
    }

    func isValid(session token: String) async throws -> Bool {
        let hash = Self.digest(token)
        return try await database.read { db in try AdminSessionRecord.valid(tokenHash: hash, at: Date()).isEmpty(db) == false }
    }

    func endSession(_ token: String) async throws {
        let hash = Self.digest(token)
        _ = try await database.write { db in try AdminSessionRecord.deleteOne(db, key: hash) }
    }

    private func store(hash: String) async throws {
        let account = AdminAccountRecord(id: AdminAccountRecord.id, passwordHash: hash, createdAt: Date())
        try await database.write { db in
            try account.upsert(db)
        }
    }

    static func digest(_ token: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
