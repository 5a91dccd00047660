import Crypto
import Foundation
import GRDB
import Logging
import OpenMarketEmbedded
import OpenMarketStore

/// The admin password (bcrypt hash) and signed-in sessions, kept in the web store so a restart signs nobody out
/// and, on PostgreSQL, a session made on one instance is valid on all.
package struct AdminAccounts: Sendable {
    package static let sessionLifetime: TimeInterval = 8 * 3600

    package let storage: any AdminAccountStorage
    package let hasher: SecretHasher

    package init(storage: any AdminAccountStorage, hasher: SecretHasher) {
        self.storage = storage
        self.hasher = hasher
    }

    package init(database: any DatabaseWriter, hasher: SecretHasher) {
        self.init(storage: SQLiteWebStorage(database: database), hasher: hasher)
    }

    package func verify(_ password: String) async throws -> Bool {
        await verify(password, against: try await passwordHash())
    }

    /// The password's hash as set now; `nil` before a first start made one. Device cookies are bound to it.
    package func passwordHash() async throws -> String? {
        try await storage.adminPasswordHash()
    }

    package func verify(_ password: String, against hash: String?) async -> Bool {
        await hasher.verify(password, against: hash)
    }

    /// A new session; the returned token goes only into the visitor's cookie.
    package func startSession() async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let now = Date()
        try await storage.addSession(tokenHash: Self.digest(token), createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        return token
    }

    package func isValid(session token: String) async throws -> Bool {
        try await storage.isSessionValid(tokenHash: Self.digest(token), at: Date())
    }

    package func endSession(_ token: String) async throws {
        try await storage.removeSession(tokenHash: Self.digest(token))
    }

    package static func digest(_ token: String) -> String {
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
