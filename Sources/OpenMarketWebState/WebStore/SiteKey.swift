import Crypto
import Foundation
import NIOConcurrencyHelpers

/// The key this site signs its own tokens with — the CSRF cookie, the console's device cookies — kept in the web
/// store, so every instance on one store signs alike and a restart keeps what was signed valid. Read once before
/// the first request (`load`); until then a key of this process's own stands in.
package final class SiteKey: Sendable {
    /// Bytes of a MAC as tokens carry it: 128 bits, as much as a token's random part.
    package static let tagBytes = 16

    private let key: NIOLockedValueBox<SymmetricKey>

    package init() {
        key = NIOLockedValueBox(SymmetricKey(size: .bits256))
    }

    /// Takes the store's key, which the first instance to ask makes.
    package func load(from storage: any SiteKeyStorage) async throws {
        let kept = try await storage.siteKey(orKeeping: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        key.withLockedValue { $0 = SymmetricKey(data: kept) }
    }

    /// HMAC-SHA256 of `purpose` and `message`. The purpose keeps one kind of token from ever passing for another.
    package func mac(_ purpose: String, _ message: some DataProtocol) -> [UInt8] {
        let key = key.withLockedValue { $0 }
        var mac = HMAC<SHA256>(key: key)
        mac.update(data: Array(purpose.utf8) + [0])
        mac.update(data: message)
        return Array(mac.finalize())
    }

    /// `mac` cut to `tagBytes`, as tokens carry it.
    package func tag(_ purpose: String, _ message: some DataProtocol) -> [UInt8] {
        Array(mac(purpose, message).prefix(Self.tagBytes))
    }
}
