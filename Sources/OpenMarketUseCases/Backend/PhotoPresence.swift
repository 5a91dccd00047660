import Foundation
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketWebState

/// Which photo addresses in the history are of photos the market no longer has (an edit removed them, or a delete
/// took them), so the page names them instead of asking for an image that is gone. A remote market cannot say.
package struct PhotoPresence: Sendable {
    package let market: (any ImageServing)?

    /// One read for a page's photos; a failed read shows them all, as before the check.
    package func gone(among urls: [String]) async -> Set<String> {
        guard let market else { return [] }
        var byKey: [String: [String]] = [:]
        for url in urls {
            let file = url.split(separator: "/").last.map(String.init) ?? ""
            guard let name = StoredImage.Name(file) else { continue }
            byKey[name.key, default: []].append(url)
        }
        guard !byKey.isEmpty, let stored = try? await market.storedImageKeys(Set(byKey.keys)) else { return [] }
        return Set(byKey.filter { !stored.contains($0.key) }.flatMap(\.value))
    }

    /// Every photo address a page of history shows from its changes.
    package static func urls(of events: [AuditLog.Event]) -> [String] {
        events.flatMap { event in event.changes.flatMap { ($0.oldPhotos ?? []) + ($0.newPhotos ?? []) } }
    }

    package init(market: (any ImageServing)?) {
        self.market = market
    }
}
