import Foundation
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: a change whose precondition is decided in its own transaction, and the state each
/// change replaced. Changes race each other for real (a task group), as concurrent requests do.
@Suite("Market contract: conditional changes", .timeLimit(.minutes(5)))
struct ContractConditionalUpdateTests {
    static let racers = 20

    @Test("Of changes based on one state, exactly one is written; the others see the product it left", arguments: MarketKind.available)
    func oneWinsPerState(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Raced chair", stock: 1)
            let shown = product
            let outcomes = try await withThrowingTaskGroup(of: (Int, ConditionalUpdate).self) { group in
                for index in 0..<Self.racers {
                    group.addTask {
                        var changes = ProductChanges()
                        changes.name = "Raced chair \(index)"
                        // Half as the seller with the vendor's secret, half as the console acting as the owner.
                        let writer: ProductWriter = index.isMultiple(of: 2) ? .vendor(market.owner.credentials) : .owner
                        let outcome = try await store.updateProduct(
                            id: product.id, changes: changes, replacingImages: nil, as: writer,
                            if: { $0.name == shown.name && $0.stock == shown.stock })
                        return (index, outcome)
                    }
                }
                return try await group.reduce(into: [(Int, ConditionalUpdate)]()) { $0.append($1) }
            }
            let written = outcomes.compactMap { index, outcome -> (Int, ProductReplacement)? in
                if case .updated(let replacement) = outcome { (index, replacement) } else { nil }
            }
            try #require(written.count == 1, "one change per state")
            let (winner, replacement) = written[0]
            #expect(replacement.before == product)
            #expect(replacement.after.name == "Raced chair \(winner)")
            let now = try await store.product(id: product.id)
            #expect(now == replacement.after)
            for (_, outcome) in outcomes {
                if case .conflict(let current) = outcome { #expect(current == now, "a loser is shown the product as the winner left it") }
            }
        }
    }

    @Test("Unconditional changes racing each other each replace the one before: their states chain", arguments: MarketKind.available)
    func replacedStatesChain(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Chained lamp", stock: 0)
            let replacements = try await withThrowingTaskGroup(of: ProductReplacement.self) { group in
                for index in 1...Self.racers {
                    group.addTask {
                        var changes = ProductChanges()
                        changes.stock = index
                        let writer: ProductWriter = index.isMultiple(of: 2) ? .vendor(market.owner.credentials) : .owner
                        return try await store.updateProduct(id: product.id, changes: changes, replacingImages: nil, as: writer, if: nil).written()
                    }
                }
                return try await group.reduce(into: [ProductReplacement]()) { $0.append($1) }
            }
            // Each stock value was written once; following before → after from the first state visits every change once.
            let next = Dictionary(uniqueKeysWithValues: replacements.map { ($0.before.stock, $0.after.stock) })
            #expect(next.count == Self.racers, "no two changes replaced the same state")
            var stock = 0
            var visited: [Int] = []
            while let following = next[stock] {
                visited.append(following)
                stock = following
            }
            #expect(visited.count == Self.racers && Set(visited) == Set(1...Self.racers))
            #expect(try await store.product(id: product.id).stock == stock, "the last of the chain is the product now")
        }
    }

    @Test("The owner is checked before the expectation; a refused change writes nothing", arguments: MarketKind.available)
    func refusals(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Guarded desk")
            var changes = ProductChanges()
            changes.name = "Taken desk"
            let forbidden = await #expect(throws: OpenMarketError.self) {
                try await store.updateProduct(
                    id: product.id, changes: changes, replacingImages: nil, as: .vendor(market.neighbor.credentials), if: { _ in false })
            }
            #expect(forbidden == .forbidden("Product \(product.id) belongs to another vendor."))
            let conflict = try await store.updateProduct(
                id: product.id, changes: changes, replacingImages: nil, as: .vendor(market.owner.credentials), if: { _ in false })
            #expect(conflict == .conflict(current: product))
            changes.discountedPrice = 1_000_000
            let invalid = await #expect(throws: OpenMarketError.self) {
                try await store.updateProduct(id: product.id, changes: changes, replacingImages: nil, as: .owner, if: { _ in true })
            }
            #expect(invalid != nil)
            let missing = await #expect(throws: OpenMarketError.self) {
                try await store.updateProduct(id: 999_999, changes: ProductChanges(), replacingImages: nil, as: .owner, if: nil)
            }
            #expect(missing == .notFound("Product 999999 does not exist."))
            #expect(try await store.product(id: product.id) == product)

            // Photos replaced under a condition: the state replaced had the old photos.
            let replaced = try await store.updateProduct(
                id: product.id, changes: ProductChanges(), replacingImages: [TestImages.webp(), TestImages.png()], as: .vendor(market.owner.credentials),
                if: { $0 == product }).written()
            #expect(replaced.before == product)
            #expect(replaced.after.images.count == 2 && replaced.after.thumbnailImageID == replaced.after.images[0].id)
        }
    }
}
