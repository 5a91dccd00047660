import Crypto
import Foundation
import NIOConcurrencyHelpers

/// The key this site signs its own tokens with — the CSRF cookie, the console's device cookies — kept in the web
/// store, so every instance on one store signs alike and a restart keeps what was signed valid. Read once before
/// the first request (`load`); until then a key of this process's own stands in.
package final class SiteKey: Sendable {
    /// Bytes of a MAC as tokens carry it: 128 bits, as much as a token's random part.
    package static let tagBytes = 16

    private struct Keyed {
        var key: SymmetricKey
        /// Per purpose, the HMAC with the key and the purpose already fed in: a copy of it goes on with a message.
        /// Setting the key up was most of a token's cost (every first visit makes one, every form checks one).
        var started: [String: HMAC<SHA256>] = [:]
    }

    private let keyed: NIOLockedValueBox<Keyed>

    package init() {
        keyed = NIOLockedValueBox(Keyed(key: SymmetricKey(size: .bits256)))
    }

    /// Takes the store's key, which the first instance to ask makes.
    package func load(from storage: any SiteKeyStorage) async throws {
        let kept = try await storage.siteKey(orKeeping: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        keyed.withLockedValue { $0 = Keyed(key: SymmetricKey(data: kept)) }
    }

    /// HMAC-SHA256 of `purpose` and `message`. The purpose keeps one kind of token from ever passing for another.
    /// Purposes are the code's own few names, so the started HMACs stay few.
    package func mac(_ purpose: String, _ message: some DataProtocol) -> [UInt8] {
        var mac = keyed.withLockedValue { keyed in
            if let started = keyed.started[purpose] { return started }
            var started = HMAC<SHA256>(key: keyed.key)
            started.update(data: Array(purpose.utf8) + [0])
            keyed.started[purpose] = started
            return started
        }
        mac.update(data: message)
        return Array(mac.finalize())
    }

    /// `mac` cut to `tagBytes`, as tokens carry it.
    package func tag(_ purpose: String, _ message: some DataProtocol) -> [UInt8] {
        Array(mac(purpose, message).prefix(Self.tagBytes))
    }
}
