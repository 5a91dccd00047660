import Foundation
import OpenMarketCore
import Testing

@Suite("Decoding the v2 wire fixtures", .timeLimit(.minutes(10)))
struct WireDecodingTests {
    @Test func v2bListFixtureDecodesCamelCaseEnvelope() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2-list.json")

        #expect(page.pageNo == 2)
        #expect(page.itemsPerPage == 3)
        #expect(page.totalCount == 8)
        #expect(page.products.map(\.id) == [1507, 1504, 1503])
    }

    @Test func v2bListItemKeepsVendorNamePricesAndThumbnail() throws {
        let mug = try #require(try Fixture.decode(ProductPage.self, from: "v2-list.json").products.first)

        #expect(mug.id == 1507)
        #expect(mug.vendorID == 42)
        #expect(mug.vendorName == "sample_vendor")
        #expect(mug.name == "Ceramic Mug")
        #expect(mug.description == "Glazed stoneware mug, 350 ml, dishwasher safe.")
        #expect(mug.currency == .krw)
        #expect(mug.price == Decimal(12000))
        #expect(mug.discountedPrice == Decimal(2000))
        #expect(mug.bargainPrice == Decimal(10000))
        #expect(mug.stock == 7)
        let bucket = "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources"
        #expect(mug.thumbnailURL == bucket + "/42/20230302/3c1e9a10b8d611edb1f2a1b2c3d4e5f6_thumb.jpeg")
        #expect(mug.createdAt == Date(timeIntervalSince1970: 1_677_715_200))
        #expect(WireDate.string(from: mug.createdAt) == "2023-03-02T00:00:00")
        #expect(mug.issuedAt == mug.createdAt)
    }

    @Test func v2bListItemInDollarsKeepsZeroDiscount() throws {
        let tote = try Fixture.decode(ProductPage.self, from: "v2-list.json").products[1]

        #expect(tote.currency == .usd)
        #expect(tote.price == Decimal(25))
        #expect(tote.discountedPrice == 0)
        #expect(tote.bargainPrice == Decimal(25))
        #expect(tote.stock == 0)
    }

    @Test func v2aListFixtureDecodesSnakeCaseEnvelope() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2a-market-training-list.json")

        #expect(page.pageNo == 2)
        #expect(page.itemsPerPage == 2)
        #expect(page.totalCount == 9)
        #expect(page.products.map(\.id) == [588, 587])
    }

    @Test func v2aListItemsHaveEmptyVendorNameAndDescription() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2a-market-training-list.json")

        #expect(page.products.allSatisfy { $0.vendorName.isEmpty })
        #expect(page.products.allSatisfy { $0.description.isEmpty })
        #expect(page.products[0].price == Decimal(12000))
        #expect(page.products[0].discountedPrice == Decimal(2000))
        #expect(page.products[0].createdAt == Date(timeIntervalSince1970: 1_642_723_200))
    }

    @Test func listWithoutAnyPageNumberKeyFailsToDecode() {
        let json = #"{"itemsPerPage":3,"totalCount":8,"pages":[]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProductPage.self, from: Data(json.utf8))
        }
    }

    @Test func detailFixtureDecodesWithBothImages() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")

        #expect(detail.id == 1507)
        #expect(detail.vendorID == 42)
        #expect(detail.images.count == 2)
        #expect(detail.images.map(\.id) == [2101, 2102])
        #expect(detail.images[1].url.hasSuffix("3c4d5e6fb8d611edb1f2aabbccddeeff_origin.jpeg"))
        #expect(detail.images[1].thumbnailURL.hasSuffix("3c4d5e70b8d611edb1f2ffeeddccbbaa_thumb.jpeg"))
        #expect(detail.images[0].issuedAt == Date(timeIntervalSince1970: 1_677_715_200))
    }

    @Test func detailFixtureCarriesVendorAndThumbnailImage() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")

        #expect(detail.vendor == ProductDetail.Vendor(id: 42, name: "sample_vendor"))
        #expect(detail.thumbnailImageID == 2101)
        #expect(detail.price == Decimal(12000))
        #expect(detail.discountedPrice == Decimal(2000))
        #expect(detail.bargainPrice == Decimal(10000))
        #expect(detail.description == "Glazed stoneware mug, 350 ml, dishwasher safe.")
    }

    @Test func thumbnailImageIDFollowsTheThumbnailURL() throws {
        var detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")

        detail.thumbnailURL = detail.images[1].thumbnailURL
        #expect(detail.thumbnailImageID == 2102)

        detail.thumbnailURL = "https://example.test/unrelated_thumb.jpeg"
        #expect(detail.thumbnailImageID == nil)
    }

    @Test func v2aDetailFixtureDecodesIgnoringSucceedWithTheVendorsDate() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2a-market-training-detail.json")

        #expect(detail.id == 588)
        #expect(detail.vendor == ProductDetail.Vendor(id: 22, name: "sample_vendor", createdAt: Date(timeIntervalSince1970: 1_641_772_800)))
        #expect(detail.images.map(\.id) == [401])
        #expect(detail.thumbnailImageID == 401)
        #expect(detail.createdAt == Date(timeIntervalSince1970: 1_642_723_200))
        #expect(WireDate.string(from: detail.issuedAt) == "2022-01-21T00:00:00")
    }

    @Test func badRequestErrorFixtureDecodes() throws {
        let body = try Fixture.decode(MarketErrorBody.self, from: "v2-error-400.json")

        #expect(body.status == 400)
        #expect(body.error == "Bad Request")
        #expect(body.message == "Required request part 'params' is not present")
        #expect(body.path == "/api/products")
        #expect(body.timestamp == "2023-03-02T05:12:44.123+00:00")
        #expect(body.errors == nil)
    }

    @Test func notFoundErrorFixtureDecodesWithoutMessage() throws {
        let body = try Fixture.decode(MarketErrorBody.self, from: "v2-error-404.json")

        #expect(body.status == 404)
        #expect(body.error == "Not Found")
        #expect(body.message == nil)
        #expect(body.path == "/api/products/99999")
    }
}
