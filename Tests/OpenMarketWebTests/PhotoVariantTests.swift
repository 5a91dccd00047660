import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketInput
import Testing
@testable import OpenMarketWeb

/// The list page offers each card's thumbnails by width in WebP and JPEG, and every URL it names is served
/// with the type and size it claims.
@Suite("Photo variants on pages", .timeLimit(.minutes(10)))
struct PhotoVariantTests {
    @Test func cardsOfferThumbnailsByWidthAndEachOneIsServed() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let list = try await client.execute(uri: "/products", method: .get)
            #expect(list.status == .ok)
            let cards = list.text.components(separatedBy: "<li class=\"product-card").dropFirst()
            #expect(cards.count == 20)
            for (index, card) in cards.enumerated() {
                #expect(card.contains("loading=\"lazy\"") == (index >= ListContent.eagerPhotos), "card \(index + 1)")
            }
            let webP = try #require(list.firstCapture(#"<source type="image/webp" srcset="([^"]+)""#))
            let jpeg = try #require(list.firstCapture(#"<img src="[^"]+_thumb\.jpg" srcset="([^"]+)""#))
            for (set, type) in [(webP, "image/webp"), (jpeg, "image/jpeg")] {
                let candidates = set.components(separatedBy: ", ").map { $0.split(separator: " ") }
                #expect(candidates.map { $0.last.map(String.init) } == ["200w", "400w", "800w"])
                for candidate in candidates {
                    let path = String(candidate[0])
                    let response = try await client.execute(uri: path, method: .get)
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == type, "\(path)")
                    let header = try #require(ImageHeader.read(Array(response.body.readableBytesView)), "\(path)")
                    // Sample photos are 320 px wide: the 400 and 800 candidates give the widest stored thumbnail.
                    let asked = Int(candidate[1].dropLast()) ?? 0
                    #expect(header.width == min(asked, 320) || (asked > 200 && header.width == 200), "\(path): \(header.width)")
                }
            }
        }
    }

    @Test func theListPageCostsFarLessInImageBytesThanTheStoredPhotos() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let list = try await client.execute(uri: "/products", method: .get)
            let thumbs = list.text.matches(of: /<img src="([^"]+_thumb\.jpg)"/).map { String($0.output.1) }
            #expect(thumbs.count == 20)
            var thumbBytes = 0
            var originBytes = 0
            for thumb in thumbs {
                thumbBytes += try await client.execute(uri: thumb, method: .get).body.readableBytes
                let origin = thumb.replacingOccurrences(of: "_thumb.", with: "_origin.")
                originBytes += try await client.execute(uri: origin, method: .get).body.readableBytes
            }
            #expect(thumbBytes < originBytes, "thumbnails \(thumbBytes) B, display images \(originBytes) B")
            #expect(thumbBytes < 300 * 1024)
        }
    }
}
