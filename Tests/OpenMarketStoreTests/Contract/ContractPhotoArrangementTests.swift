import Foundation
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: an edit that arranges a product's photos keeps the photos it names (same bytes,
/// same URLs), deletes the others, adds new ones in their places and names the main one, all in the change's
/// own transaction; a refusal writes nothing.
@Suite("Market contract: arranging photos", .timeLimit(.minutes(5)))
struct ContractPhotoArrangementTests {
    static func fileName(_ url: String) -> String { String(url.split(separator: "/").last ?? "") }

    @Test("Kept photos keep their bytes and URLs in their new places, new ones are added, the others deleted", arguments: MarketKind.available)
    func keptRemovedAndAdded(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let product = try await market.create(name: "Arranged lamp", images: [TestImages.png(), TestImages.jpeg(), TestImages.webp()])
            let (first, second, third) = (product.images[0], product.images[1], product.images[2])
            let thirdBytes = try #require(try await market.image(named: Self.fileName(third.url))).bytes
            var changes = ProductChanges()
            changes.price = 13000
            let arrangement = PhotoArrangement(
                photos: [.kept(imageID: third.id), .kept(imageID: first.id), .added(TestImages.gif())], main: 1)
            let replaced = try await market.embedded.updateProduct(
                id: product.id, changes: changes, arranging: arrangement, as: .vendor(market.owner.credentials),
                if: { $0 == product }).written()
            let after = replaced.after
            #expect(replaced.before == product)
            #expect(after.price == 13000)
            #expect(after.images.map(\.id).prefix(2) == [third.id, first.id])
            #expect(after.images.count == 3 && !product.images.map(\.id).contains(after.images[2].id))
            #expect(after.images[0].url == third.url && after.images[1].url == first.url)
            #expect(after.thumbnailImageID == first.id)
            #expect(try await market.embedded.product(id: product.id) == after)
            #expect(try await market.image(named: Self.fileName(third.url))?.bytes == thirdBytes, "a kept photo is not encoded again")
            #expect(try await market.image(named: Self.fileName(second.url)) == nil, "a photo left out is deleted")
            #expect(try await market.image(named: Self.fileName(after.images[2].url)) != nil)
        }
    }

    @Test("A refused arrangement writes nothing: a photo not the product's, too many, none, one named twice, a main photo outside", arguments: MarketKind.available)
    func refusalsWriteNothing(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let product = try await market.create(name: "Guarded lamp", images: [TestImages.png(), TestImages.jpeg()])
            let other = try await market.create(name: "Other lamp", images: [TestImages.png()])
            let store = market.embedded
            var changes = ProductChanges()
            changes.name = "Changed lamp"
            let foreign = PhotoArrangement(photos: [.kept(imageID: product.images[0].id), .kept(imageID: other.images[0].id)])
            let outcome = try await store.updateProduct(id: product.id, changes: changes, arranging: foreign, as: .owner, if: nil)
            #expect(outcome == .conflict(current: product), "another product's photo is not taken")
            let six = PhotoArrangement(photos: product.images.map { .kept(imageID: $0.id) } + (0..<4).map { _ in .added(TestImages.png()) })
            let refusals: [PhotoArrangement] = [
                six,
                PhotoArrangement(photos: []),
                PhotoArrangement(photos: [.kept(imageID: product.images[0].id), .kept(imageID: product.images[0].id)]),
                PhotoArrangement(photos: [.kept(imageID: product.images[0].id)], main: 1),
                PhotoArrangement(photos: [.kept(imageID: product.images[0].id), .added(TestImages.text())]),
            ]
            for arrangement in refusals {
                await #expect(throws: OpenMarketError.self) {
                    try await store.updateProduct(id: product.id, changes: changes, arranging: arrangement, as: .owner, if: nil)
                }
            }
            #expect(try await store.product(id: product.id) == product)
            #expect(try await store.product(id: other.id) == other)
        }
    }

    @Test("Of arrangements based on one state, exactly one is written", arguments: MarketKind.available)
    func oneArrangementWinsPerState(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Raced lamp", images: [TestImages.png(), TestImages.jpeg()])
            let shownIDs = product.images.map(\.id)
            let written = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        // Each racer keeps the photos it saw, in turn the other way round, and adds one.
                        let kept = index.isMultiple(of: 2) ? shownIDs : shownIDs.reversed()
                        let arrangement = PhotoArrangement(photos: kept.map { .kept(imageID: $0) } + [.added(TestImages.webp())])
                        let outcome = try await store.updateProduct(
                            id: product.id, changes: ProductChanges(), arranging: arrangement, as: .vendor(market.owner.credentials),
                            if: { $0.images.map(\.id) == shownIDs })
                        if case .updated = outcome { return true }
                        return false
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(written == 1)
            let after = try await store.product(id: product.id)
            #expect(after.images.count == 3)
            #expect(Set(after.images.prefix(2).map(\.id)) == Set(shownIDs))
        }
    }
}
