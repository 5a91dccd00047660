import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
@testable import OpenMarketStore
import Testing

@Suite("Reading products", .timeLimit(.minutes(10)))
struct SQLiteMarketReadTests {
    @Test func createdDetailKeepsUploadOrderAndUsesTheFirstThumbnail() async throws {
        let test = try await TestMarket()
        let uploads = [TestImages.gif(), try TestImages.orientedWithMetadata(), try TestImages.sample("mug-1.png")]

        let created = try await test.create(name: "Ordered photos", images: uploads)

        #expect(created.name == "Ordered photos")
        #expect(created.vendorID == test.owner.id)
        #expect(created.vendor.name == "Owner Shop")
        #expect(created.thumbnailURL == created.images[0].thumbnailURL)
        #expect(created.thumbnailImageID == created.images[0].id)
        // Distinguishable after processing by their sizes: 64 × 64, 200 × 300 (upright), 320 × 320.
        var sizes: [[Int]] = []
        for image in created.images {
            let bytes = try #require(try await test.market.image(named: String(image.url.split(separator: "/").last!))).bytes
            let header = try #require(ImageHeader.read([UInt8](bytes)))
            sizes.append([header.width, header.height])
        }
        #expect(sizes == [[64, 64], [200, 300], [320, 320]])
    }

    @Test func productByIDEqualsTheCreatedDetail() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.png(), TestImages.webp()])
        #expect(try await test.market.product(id: created.id) == created)
    }

    @Test func unknownProductIsNotFound() async throws {
        let test = try await TestMarket()
        let created = try await test.create()
        let error = await #expect(throws: OpenMarketError.self) { try await test.market.product(id: created.id + 1) }
        #expect(error?.kind == .notFound)
    }

    @Test func listIsNewestFirstWithPagingFigures() async throws {
        let test = try await TestMarket()
        var ids: [Int] = []
        for number in 1...5 {
            ids.append(try await test.create(name: "Product \(number)").id)
        }

        let first = try #require(try await test.market.products(ProductQuery(page: 1, perPage: 2)))
        let last = try #require(try await test.market.products(ProductQuery(page: 3, perPage: 2)))

        #expect(first.products.map(\.id) == [ids[4], ids[3]])
        #expect(first.products.map(\.name) == ["Product 5", "Product 4"])
        #expect(first.totalCount == 5)
        #expect(first.lastPage == 3)
        #expect(first.hasNext)
        #expect(last.products.map(\.id) == [ids[0]])
        #expect(last.pageNo == 3)
        #expect(!last.hasNext)
        #expect(try await test.market.products(ProductQuery(page: 4, perPage: 2)) == nil)
    }

    @Test func pageOneOfAnEmptyMarketIsAnEmptyPage() async throws {
        let test = try await TestMarket()
        let page = try await test.market.products(ProductQuery(page: 1, perPage: 20))
        #expect(page?.products == [])
        #expect(page?.totalCount == 0)
        #expect(try await test.market.products(ProductQuery(page: 2, perPage: 20)) == nil)
    }

    @Test("Page 0 and a page size of 0 are malformed", arguments: [(0, 20), (1, 0), (-1, 20), (1, 1001)])
    func impossiblePagingIsMalformed(page: Int, perPage: Int) async throws {
        let test = try await TestMarket()
        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.products(ProductQuery(page: page, perPage: perPage))
        }
        #expect(error?.kind == .malformed)
    }

    @Test func listItemsCarryVendorNameAndThumbnail() async throws {
        let test = try await TestMarket()
        let mine = try await test.create(name: "Owner's camera", images: [TestImages.jpeg(), TestImages.png()])
        let theirs = try await test.create(name: "Neighbor's lamp", credentials: test.neighborCredentials)

        let page = try #require(try await test.market.products(ProductQuery()))

        #expect(page.products.map(\.vendorName) == ["Neighbor Shop", "Owner Shop"])
        #expect(page.products.map(\.vendorID) == [test.neighbor.id, test.owner.id])
        #expect(page.products.map(\.thumbnailURL) == [theirs.thumbnailURL, mine.thumbnailURL])
        #expect(page.products[1].thumbnailURL == mine.images[0].thumbnailURL)
        #expect(page.products[1].price == mine.price)
    }

    /// A card's photo is the chosen thumbnail only while it is one of the product's own photos; otherwise (an image
    /// of another product, or one no longer there, as a script or an interrupted replacement could leave it) the
    /// product's first photo, and no photo at all for a product without any.
    @Test func listThumbnailIsTheChosenOwnPhotoElseTheFirst() async throws {
        let test = try await TestMarket()
        let chosen = try await test.create(name: "Chosen", images: [TestImages.jpeg(), TestImages.png(), TestImages.jpeg()])
        let elsewhere = try await test.create(name: "Elsewhere", images: [TestImages.png(), TestImages.jpeg()])
        let missing = try await test.create(name: "Missing", images: [TestImages.jpeg(), TestImages.png()])
        let bare = try await test.create(name: "Bare")
        try await test.market.database.write { db in
            try db.execute(sql: "UPDATE product SET thumbnailImageId = ? WHERE id = ?", arguments: [chosen.images[2].id, chosen.id])
            try db.execute(sql: "UPDATE product SET thumbnailImageId = ? WHERE id = ?", arguments: [chosen.images[1].id, elsewhere.id])
            try db.execute(sql: "UPDATE product SET thumbnailImageId = ? WHERE id = ?", arguments: [Int64.max, missing.id])
            try db.execute(sql: "DELETE FROM productImage WHERE productId = ?", arguments: [bare.id])
        }

        let page = try #require(try await test.market.products(ProductQuery()))

        #expect(page.products.map(\.name) == ["Bare", "Missing", "Elsewhere", "Chosen"])
        #expect(page.products.map(\.thumbnailURL) == ["", missing.images[0].thumbnailURL, elsewhere.images[0].thumbnailURL, chosen.images[2].thumbnailURL])
    }

    @Test func healthCheckAnswers() async throws {
        let test = try await TestMarket()
        try await test.market.healthCheck()
    }
}
