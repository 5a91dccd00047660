import Foundation
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `OpenMarketClient` with `generation: .v1` against a real v1 server (our own, on a real socket): every mapped call
/// and its answer in the client's models and errors. `VendorCredentials.secret` carries the item's password.
@Suite("OpenMarketClient on a v1 server", .timeLimit(.minutes(10)))
struct OpenMarketClientV1Tests {
    private static func withClient(
        upstreamDirectory: URL = TestSupport.temporaryDirectory(),
        _ body: @escaping @Sendable (_ client: OpenMarketClient, _ port: Int) async throws -> Void
    ) async throws {
        let upstream = try await buildApplication(TestSupport.configuration(dataDirectory: upstreamDirectory))
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            let client = OpenMarketClient(configuration: OpenMarketClientConfiguration(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), generation: .v1))
            do {
                try await body(client, port)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    private static func password(_ password: String) -> VendorCredentials {
        VendorCredentials(identifier: "", secret: password)
    }

    private static let teapot = ProductDraft(
        name: "Cast Iron Teapot", description: "Holds 800 ml; enamel inside, no rust.", price: 42000, currency: .krw, discountedPrice: 7000,
        stock: 2)

    @Test func listPagesSearchAndDetailAreReadInTheClientsModels() async throws {
        try await Self.withClient { client, port in
            try await client.healthCheck()

            let first = try #require(try await client.products(ProductQuery(page: 1, perPage: 20)))
            let upstream = try await V1Upstream.items(port: port)
            #expect(first.products.map(\.id) == Array(upstream.prefix(20).map(\.id)))
            #expect(first.totalCount == 24 && !first.totalIsCapped && first.lastPage == 2)
            let cut = try #require(try await client.products(ProductQuery(page: 2, perPage: 15)))
            #expect(cut.products.map(\.id) == Array(upstream.dropFirst(15).prefix(9).map(\.id)))
            #expect(try await client.products(ProductQuery(page: 3, perPage: 20)) == nil)

            let search = try #require(try await client.products(ProductQuery(search: "캠핑")))
            #expect(search.products.map(\.name).sorted() == ["캠핑 텐트 3~4인용", "캠핑용 랜턴"])
            #expect(search.searchCoverage == .namesOfAll(count: 24))

            let bicycle = try await V1Upstream.item(named: "접이식 자전거 20인치", port: port)
            let detail = try await client.product(id: bicycle.id)
            #expect(detail.name == "접이식 자전거 20인치")
            #expect(detail.price == 180_000 && detail.discountedPrice == 30_000 && detail.bargainPrice == 150_000)
            #expect(detail.images.count == 5)
            #expect(detail.images.map(\.url) == bicycle.images)
            #expect(!detail.description.isEmpty)
        }
    }

    @Test func createUpdateAndDeleteGoThroughTheItemsOwnPassword() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        try await Self.withClient(upstreamDirectory: upstreamDirectory) { client, port in
            let before = try TestSupport.counts(in: upstreamDirectory)
            let photo = ImageUpload(filename: "teapot.png", contentType: "image/png", data: try TestSupport.sampleImage("kettle-1.png"))
            let created = try await client.createProduct(Self.teapot, images: [photo], credentials: Self.password("pot-pass-1"))
            #expect(created.name == "Cast Iron Teapot" && created.discountedPrice == 7000 && created.images.count == 1)
            #expect(try await V1Upstream.item(created.id, port: port)?.discountedPrice == 35_000, "the sale price on the wire")
            #expect(try TestSupport.counts(in: upstreamDirectory).products == before.products + 1)

            await #expect(throws: OpenMarketError.unauthorized("The password is wrong.")) {
                try await client.updateProduct(id: created.id, changes: ProductChanges(stock: 0), credentials: Self.password("not-it-1"))
            }
            #expect(try await client.product(id: created.id) == created)

            // A password with no changes only checks it and answers the item as it is.
            #expect(try await client.updateProduct(id: created.id, changes: ProductChanges(), credentials: Self.password("pot-pass-1")) == created)
            let updated = try await client.updateProduct(
                id: created.id, changes: ProductChanges(name: "Enamel Teapot", price: 45000), credentials: Self.password("pot-pass-1"))
            #expect(updated.name == "Enamel Teapot" && updated.price == 45000 && updated.discountedPrice == 7000)

            await #expect(throws: OpenMarketError.unauthorized("The password is wrong.")) {
                try await client.deleteProduct(id: created.id, credentials: Self.password("not-it-2"))
            }
            let deleted = try await client.deleteProduct(id: created.id, credentials: Self.password("pot-pass-1"))
            #expect(deleted.id == created.id && deleted.name == "Enamel Teapot")
            await #expect(throws: OpenMarketError.notFound("Product \(created.id) does not exist.")) { try await client.product(id: created.id) }
            #expect(try TestSupport.counts(in: upstreamDirectory) == before)
        }
    }

    @Test func refusalsComeBackAsTheClientsErrors() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        try await Self.withClient(upstreamDirectory: upstreamDirectory) { client, port in
            let before = try TestSupport.counts(in: upstreamDirectory)
            let photo = ImageUpload(filename: "teapot.png", contentType: "image/png", data: try TestSupport.sampleImage("kettle-1.png"))
            var short = Self.teapot
            short.name = "Po"
            // The server's own rule, said in its `reason`.
            do {
                _ = try await client.createProduct(short, images: [photo], credentials: Self.password("pot-pass-1"))
                Issue.record("a two-letter name was listed")
            } catch let error as OpenMarketError {
                guard case .invalid(let violations) = error else { throw error }
                #expect(violations.count == 1 && violations[0].message.contains("3–100"), "\(violations)")
            }
            await #expect(throws: OpenMarketError.unsupportedMedia("Image 1 could not be read as a JPEG, PNG, GIF, WebP or HEIC image.")) {
                try await client.createProduct(
                    Self.teapot, images: [ImageUpload(filename: "x.png", contentType: "image/png", data: Data("not a photo".utf8))],
                    credentials: Self.password("pot-pass-1"))
            }
            // Cents cannot be said to v1: refused before anything is sent.
            var dollars = Self.teapot
            (dollars.currency, dollars.price, dollars.discountedPrice) = (.usd, 39.99, 0)
            await #expect(throws: OpenMarketError.invalid([.init(.wholeUnitsOnly(.price))])) {
                try await client.createProduct(dollars, images: [photo], credentials: Self.password("pot-pass-1"))
            }
            await #expect(throws: OpenMarketError.notFound("Product 99999 does not exist.")) {
                try await client.updateProduct(id: 99_999, changes: ProductChanges(stock: 1), credentials: Self.password("pot-pass-1"))
            }
            #expect(try TestSupport.counts(in: upstreamDirectory) == before)
        }
    }
}
