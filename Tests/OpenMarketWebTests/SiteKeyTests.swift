import Crypto
import Foundation
import GRDB
import OpenMarketWebState
import Testing

/// The site key's MACs are HMAC-SHA256 of the purpose, a zero byte and the message under the web store's key, however
/// many were made before with the same or another purpose, and a key loaded from the store replaces the stand-in's.
@Suite("Site key", .timeLimit(.minutes(2)))
struct SiteKeyTests {
    @Test func macsAreTheHMACOfPurposeAndMessageUnderTheStoresKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "openmarket-site-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)
        let storage = SQLiteWebStorage(database: database)

        let key = SiteKey()
        let standIn = key.mac("csrf", [1, 2, 3])
        try await key.load(from: storage)
        // The store keeps the first key it was given: asking again with another returns the one `load` kept.
        let kept = SymmetricKey(data: try await storage.siteKey(orKeeping: Data(repeating: 7, count: 32)))
        func expected(_ purpose: String, _ message: [UInt8]) -> [UInt8] {
            Array(HMAC<SHA256>.authenticationCode(for: Array(purpose.utf8) + [0] + message, using: kept))
        }

        #expect(key.mac("csrf", [1, 2, 3]) != standIn)
        let asked: [(String, [UInt8])] = [
            ("csrf", [1, 2, 3]), ("csrf", [4]), ("console-csrf", []), ("csrf", [1, 2, 3]), ("console-csrf", Array("session".utf8)),
            ("csrf", Array(repeating: 0xAB, count: 200)), ("csrf", []),
        ]
        for (purpose, message) in asked {
            #expect(key.mac(purpose, message) == expected(purpose, message), "\(purpose) \(message.count)")
        }
        #expect(key.tag("csrf", [9]) == Array(expected("csrf", [9]).prefix(SiteKey.tagBytes)))
        try database.close()
    }
}
