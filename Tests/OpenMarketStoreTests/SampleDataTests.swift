import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
@testable import OpenMarketStore
import Testing

@Suite("Sample data", .timeLimit(.minutes(10)))
struct SampleDataTests {
    @Test func sampleDataFillsAnEmptyMarketOnce() async throws {
        let test = try await TestMarket()

        let added = try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)
        let again = try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)

        #expect(added == 24)
        #expect(again == 0)
        #expect(try await test.market.productCount() == 24)
        #expect(try await test.rowCount("product") == 24)
    }

    @Test func sampleDataIsNotLoadedIntoAMarketWithProducts() async throws {
        let test = try await TestMarket()
        try await test.create()
        let added = try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)
        #expect(added == 0)
        #expect(try await test.rowCount("product") == 1)
    }

    @Test func newestFirstByIDIsNewestFirstByDate() async throws {
        let test = try await TestMarket()
        try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)

        let page = try #require(try await test.market.products(ProductQuery(page: 1, perPage: 100)))

        #expect(page.products.count == 24)
        let ids = page.products.map(\.id)
        #expect(ids == ids.sorted(by: >))
        let dates = page.products.map(\.createdAt)
        #expect(dates == dates.sorted(by: >))
        // The newest sample is "0 days ago", the oldest 60.
        let newest = try #require(dates.first)
        let oldest = try #require(dates.last)
        #expect(abs(newest.timeIntervalSinceNow) < 3_600)
        #expect(abs(newest.timeIntervalSince(oldest) - 60 * 86_400) < 60)
    }

    @Test func someSampleProductsBelongToTheNeighbor() async throws {
        let test = try await TestMarket()
        try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)

        let page = try #require(try await test.market.products(ProductQuery(page: 1, perPage: 100)))
        let neighbors = page.products.filter { $0.vendorID == test.neighbor.id }
        let owners = page.products.filter { $0.vendorID == test.owner.id }

        #expect(!neighbors.isEmpty)
        #expect(owners.count > neighbors.count)
        #expect(neighbors.count + owners.count == 24)
        #expect(neighbors.allSatisfy { $0.vendorName == "Neighbor Shop" })
    }

    @Test func sampleProductsKeepTheirPhotosAndExactPrices() async throws {
        let test = try await TestMarket()
        try await test.market.loadSampleData(from: TestImages.sampleData, owner: test.owner, neighbor: test.neighbor)

        let camera = try #require(try await test.market.products(ProductQuery(search: "Vintage Film Camera"))?.products.first)
        let detail = try await test.market.product(id: camera.id)

        #expect(detail.currency == .usd)
        #expect(detail.price == Decimal(string: "129.99")!)
        #expect(detail.images.count == 5)
        let photo = try await test.market.image(named: String(detail.images[0].url.split(separator: "/").last!))
        // Stored as the processed display image: a JPEG of the photo's own 320 × 320.
        let header = try #require(photo.flatMap { ImageHeader.read([UInt8]($0.bytes)) })
        #expect(header.kind == .jpeg && header.width == 320 && header.height == 320)
    }

    @Test func missingSampleDirectoryThrowsAndWritesNothing() async throws {
        let test = try await TestMarket()
        let nowhere = FileManager.default.temporaryDirectory.appending(path: "no-such-sample-\(UUID().uuidString)")
        await #expect(throws: (any Error).self) {
            try await test.market.loadSampleData(from: nowhere, owner: test.owner, neighbor: test.neighbor)
        }
        #expect(try await test.rowCount("product") == 0)
    }
}
