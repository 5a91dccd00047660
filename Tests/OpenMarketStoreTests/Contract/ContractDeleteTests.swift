import Foundation
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: the two-step delete and the photos' bytes. PostgreSQL cases run when
/// OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: deleting and photos", .timeLimit(.minutes(10)))
struct ContractDeleteTests {
    static let unknownPath = OpenMarketError.notFound(
        "This delete path is unknown, used or expired. Ask for a new one with POST /api/products/{id}/archived.")

    @Test("A delete token works once, for its vendor and its product only", arguments: MarketKind.available)
    func tokenRules(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let first = try await market.create(name: "First product")
            let second = try await market.create(name: "Second product")
            let token = try await market.issueDeleteToken(productID: first.id, credentials: market.owner.credentials)

            var error = await #expect(throws: OpenMarketError.self) {
                try await market.deleteProduct(token: token, identifier: market.neighbor.identifier, productID: first.id)
            }
            #expect(error == .forbidden("This delete path belongs to another vendor."))
            error = await #expect(throws: OpenMarketError.self) {
                try await market.deleteProduct(token: token, identifier: market.owner.identifier, productID: second.id)
            }
            #expect(error == Self.unknownPath)
            error = await #expect(throws: OpenMarketError.self) {
                try await market.deleteProduct(token: "not-a-token", identifier: market.owner.identifier, productID: nil)
            }
            #expect(error == Self.unknownPath)
            error = await #expect(throws: OpenMarketError.self) {
                try await market.issueDeleteToken(productID: first.id, credentials: market.neighbor.credentials)
            }
            #expect(error == .forbidden("Product \(first.id) belongs to another vendor."))

            // The refusals spent nothing: the owner's first use works, the second finds nothing.
            #expect(try await market.deleteProduct(token: token, identifier: market.owner.identifier, productID: nil) == first)
            error = await #expect(throws: OpenMarketError.self) {
                try await market.deleteProduct(token: token, identifier: market.owner.identifier, productID: first.id)
            }
            #expect(error == Self.unknownPath)
            #expect(try await market.api.products(ProductQuery())?.products.map(\.id) == [second.id])
        }
    }

    @Test("Two callers spending one token at once: exactly one deletes the product", arguments: MarketKind.available)
    func concurrentSpendsOfOneToken(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            for round in 0..<8 {
                let product = try await market.create(name: "Contested product \(round)")
                let token = try await market.issueDeleteToken(productID: product.id, credentials: market.owner.credentials)
                let identifier = market.owner.identifier
                let outcomes = await withTaskGroup(of: Result<ProductDetail, OpenMarketError>.self) { group in
                    for _ in 0..<2 {
                        group.addTask {
                            do throws(OpenMarketError) {
                                return .success(try await market.deleteProduct(token: token, identifier: identifier, productID: product.id))
                            } catch {
                                return .failure(error)
                            }
                        }
                    }
                    var outcomes: [Result<ProductDetail, OpenMarketError>] = []
                    for await outcome in group { outcomes.append(outcome) }
                    return outcomes
                }
                let deleted = outcomes.compactMap { try? $0.get() }
                let refused = outcomes.compactMap { outcome -> OpenMarketError? in
                    if case .failure(let error) = outcome { return error }
                    return nil
                }
                #expect(deleted == [product])
                #expect(refused == [Self.unknownPath])
            }
            #expect(try await market.api.products(ProductQuery())?.totalCount == 0)
        }
    }

    @Test("Photos are served by their names: display image and thumbnails, gone with the product", arguments: MarketKind.available)
    func photosByName(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let product = try await market.create(images: [try TestImages.orientedWithMetadata(), TestImages.png()])
            let origin = String(try #require(product.images[0].url.split(separator: "/").last))
            let thumb = String(try #require(product.images[0].thumbnailURL.split(separator: "/").last))
            let key = String(origin.prefix(32))

            let display = try #require(try await market.image(named: origin))
            #expect(display.mediaType == "image/jpeg")
            #expect(display.tag == "\(key)-origin")
            #expect(display.bytes.starts(with: [0xFF, 0xD8]))
            // Served again, the same bytes.
            #expect(try await market.image(named: origin)?.bytes == display.bytes)
            let thumbnail = try #require(try await market.image(named: thumb))
            #expect(thumbnail.mediaType == "image/jpeg")
            #expect(thumbnail.tag == "\(key)-jpg-200")
            let webp = try #require(try await market.image(named: "\(key)_w400.webp"))
            #expect(webp.mediaType == "image/webp")
            #expect(webp.bytes.starts(with: Array("RIFF".utf8)))
            // A wrong extension or an unknown key names nothing.
            #expect(try await market.image(named: "\(key)_origin.png") == nil)
            #expect(try await market.image(named: String(repeating: "0", count: 32) + "_origin.jpg") == nil)
            #expect(try await market.image(named: "../../etc/passwd") == nil)

            _ = try await market.api.deleteProduct(id: product.id, credentials: market.owner.credentials)
            #expect(try await market.image(named: origin) == nil)
            #expect(try await market.image(named: thumb) == nil)
        }
    }
}
