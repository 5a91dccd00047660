import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import Testing
@testable import OpenMarketWeb

/// One contract for `OpenMarketAPI`, run against both implementations: the SQLite market directly, and
/// `OpenMarketClient` talking to a live embedded server over loopback. The web layer relies on both
/// behaving the same.
@Suite("OpenMarketAPI contract", .timeLimit(.minutes(10)))
struct MarketContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqliteMarket, httpClient
        var testDescription: String { rawValue }
    }

    /// A market with the 24 sample products: most owned by `owner`, some by the sample neighbour vendor.
    struct Fixture {
        var market: any OpenMarketAPI
        var owner: VendorCredentials
    }

    /// Builds the backend with the sample data, runs `body` against it, and shuts it down.
    private func withMarket(_ backend: Backend, _ body: @escaping @Sendable (Fixture) async throws -> Void) async throws {
        switch backend {
        case .sqliteMarket:
            let market = SQLiteMarket(database: try MarketDatabase.inMemory(), hasher: SecretHasher(cost: 4))
            let owner = try await market.upsertVendor(name: "owner", identifier: TestSupport.vendor.identifier, secret: TestSupport.vendor.secret)
            let neighbor = try await market.createVendor(name: "neighbor_vendor", secret: "neighbor-secret-9")
            try await market.loadSampleData(from: TestSupport.packageRoot.appending(path: "SampleData"), owner: owner, neighbor: neighbor)
            try await body(Fixture(market: market, owner: TestSupport.vendor))
            try await market.hasher.shutdown()
        case .httpClient:
            let config = TestSupport.configuration()
            let app = try await buildApplication(config)
            try await app.stoppableTest(.live) { client in
                let port = try #require(client.port)
                let http = OpenMarketClient(configuration: .init(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: .seconds(60)))
                do {
                    try await body(Fixture(market: http, owner: TestSupport.vendor))
                } catch {
                    try await http.shutdown()
                    throw error
                }
                try await http.shutdown()
            }
        }
    }

    private static func draft(_ name: String) -> ProductDraft {
        ProductDraft(name: name, description: "A product made by the contract suite.", price: 24.99, currency: .usd, discountedPrice: 5, stock: 3)
    }

    private static func images(_ count: Int) throws -> [ImageUpload] {
        let data = try TestSupport.sampleImage("lantern-1.png")
        return (0..<count).map { ImageUpload(filename: "contract-\($0).png", contentType: "image/png", data: data) }
    }

    @Test(arguments: Backend.allCases)
    func healthCheckSucceeds(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in try await fixture.market.healthCheck() }
    }

    @Test(arguments: Backend.allCases)
    func createListShowUpdateDelete(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let market = fixture.market
            let name = "Contract Lamp \(UUID().uuidString.prefix(8))"
            let created = try await market.createProduct(Self.draft(name), images: Self.images(3), credentials: fixture.owner)
            #expect(created.name == name)
            #expect(created.price == Decimal(string: "24.99"))
            #expect(created.discountedPrice == 5)
            #expect(created.bargainPrice == Decimal(string: "19.99"))
            #expect(created.images.count == 3)
            #expect(created.thumbnailURL == created.images[0].thumbnailURL)

            let first = try #require(try await market.products(ProductQuery(page: 1, perPage: 10)))
            #expect(first.products.first?.id == created.id, "newest first")
            #expect(first.totalCount == 25)

            let shown = try await market.product(id: created.id)
            #expect(shown.name == name && shown.images.map(\.id) == created.images.map(\.id))

            let updated = try await market.updateProduct(
                id: created.id, changes: ProductChanges(thumbnailID: created.images[2].id, stock: 0), credentials: fixture.owner)
            #expect(updated.stock == 0)
            #expect(updated.name == name)
            #expect(updated.thumbnailURL == created.images[2].thumbnailURL)

            let deleted = try await market.deleteProduct(id: created.id, credentials: fixture.owner)
            #expect(deleted.id == created.id)
            await #expect(throws: OpenMarketError.self) { try await market.product(id: created.id) }
            let after = try #require(try await market.products(ProductQuery(page: 1, perPage: 10)))
            #expect(after.totalCount == 24)
        }
    }

    @Test(arguments: Backend.allCases)
    func unknownProductIsNotFound(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            do {
                _ = try await fixture.market.product(id: 987_654)
                Issue.record("expected notFound")
            } catch let error as OpenMarketError {
                guard case .notFound = error else { Issue.record("got \(error)"); return }
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func searchFindsByNameAndDescriptionIgnoringCase(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let page = try #require(try await fixture.market.products(ProductQuery(page: 1, perPage: 50, search: "CAMERA")))
            #expect(page.totalCount >= 1)
            #expect(page.products.contains { $0.name.localizedCaseInsensitiveContains("camera") })
            let none = try #require(try await fixture.market.products(ProductQuery(page: 1, perPage: 50, search: "zz-no-such-product-zz")))
            #expect(none.totalCount == 0 && none.products.isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func pagingEdges(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let market = fixture.market
            let last = try #require(try await market.products(ProductQuery(page: 3, perPage: 10)))
            #expect(last.products.count == 4)
            #expect(last.hasNext == false && last.hasPrev == true && last.lastPage == 3)
            let pastEnd = try await market.products(ProductQuery(page: 4, perPage: 10))
            #expect(pastEnd == nil)
            let pages = try await [1, 2, 3].asyncMap { try await market.products(ProductQuery(page: $0, perPage: 10))?.products.map(\.id) ?? [] }
            let ids = pages.flatMap { $0 }
            #expect(ids.count == 24 && Set(ids).count == 24, "pages neither overlap nor skip")
            #expect(ids == ids.sorted(by: >))
        }
    }

    @Test(arguments: Backend.allCases)
    func wrongSecretIsUnauthorizedAndChangesNothing(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let wrong = VendorCredentials(identifier: fixture.owner.identifier, secret: "wrong-secret")
            let before = try await fixture.market.product(id: 1)
            do {
                _ = try await fixture.market.updateProduct(id: 1, changes: ProductChanges(stock: 99), credentials: wrong)
                Issue.record("expected unauthorized")
            } catch let error as OpenMarketError {
                guard case .unauthorized = error else { Issue.record("got \(error)"); return }
            }
            #expect(try await fixture.market.product(id: 1) == before)
        }
    }

    @Test(arguments: Backend.allCases)
    func anotherVendorsProductCannotBeChangedOrDeleted(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let market = fixture.market
            let page = try #require(try await market.products(ProductQuery(page: 1, perPage: 100)))
            let foreign = try #require(page.products.first { $0.vendorName == "neighbor_vendor" })
            let before = try await market.product(id: foreign.id)
            for attempt in 0..<2 {
                do {
                    if attempt == 0 {
                        _ = try await market.updateProduct(id: foreign.id, changes: ProductChanges(name: "Mine now"), credentials: fixture.owner)
                    } else {
                        _ = try await market.deleteProduct(id: foreign.id, credentials: fixture.owner)
                    }
                    Issue.record("expected forbidden")
                } catch let error as OpenMarketError {
                    guard case .forbidden = error else { Issue.record("got \(error)"); return }
                }
            }
            #expect(try await market.product(id: foreign.id) == before)
        }
    }

    @Test(arguments: Backend.allCases)
    func invalidDraftReportsEveryViolation(_ backend: Backend) async throws {
        try await withMarket(backend) { fixture in
            let draft = ProductDraft(name: "ab", description: "short", price: 100, currency: .krw, discountedPrice: 200, stock: -1)
            do {
                _ = try await fixture.market.createProduct(draft, images: Self.images(1), credentials: fixture.owner)
                Issue.record("expected invalid")
            } catch let error as OpenMarketError {
                guard case .invalid(let violations) = error else { Issue.record("got \(error)"); return }
                #expect(Set(violations.compactMap(\.field)) == [.name, .description, .discountedPrice, .stock])
            }
            let page = try #require(try await fixture.market.products(ProductQuery(page: 1, perPage: 1)))
            #expect(page.totalCount == 24)
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
