import Foundation
import Testing

@testable import OpenMarketCore

/// v1 answers in the client's models, and v1 errors in the client's error type.
@Suite("v1 items and errors in the client's terms", .timeLimit(.minutes(10)))
struct V1ItemModelsTests {
    @Test func anItemBecomesADetailWithTheDiscountAmount() throws {
        let detail = try ProductDetail(v1: try Fixture.decode(V1Item.self, from: "v1-item.json"))

        #expect(detail.id == 121)
        #expect(detail.name == "Ceramic Mug")
        #expect(detail.description == "Glazed stoneware mug, 350 ml, dishwasher safe.")
        #expect(detail.price == 12000)
        // v1's 10000 is what the buyer pays: 2000 off.
        #expect(detail.discountedPrice == 2000)
        #expect(detail.bargainPrice == 10000)
        #expect(detail.images.map(\.id) == [1])
        #expect(detail.images.first?.url.hasSuffix("/images/0B7E6C1D-2A3F-4B5C-9D8E-7F6A5B4C3D2E.png") == true)
        #expect(detail.thumbnailURL.contains("/thumbnails/"))
        #expect(detail.thumbnailImageID == 1)
        #expect(detail.vendor.name.isEmpty)
        #expect(abs(detail.createdAt.timeIntervalSince1970 - 1_622_001_234.567891) < 0.001)
    }

    @Test func listItemsBecomeSummariesWithTheirFirstThumbnail() throws {
        let page = try Fixture.decode(V1ItemPage.self, from: "v1-list.json")
        let summaries = try page.items.map { try ProductSummary(v1: $0) }

        #expect(summaries.map(\.id) == [121, 120])
        #expect(summaries[0].discountedPrice == 2000)
        #expect(summaries[1].discountedPrice == 0, "no discounted_price: no discount")
        #expect(summaries[1].currency == .usd)
        #expect(summaries[1].thumbnailURL == page.items[1].thumbnails[0])
        #expect(summaries[1].stock == 0)
    }

    @Test func aSalePriceAboveThePriceIsNoDiscountAndAnUnknownCurrencyIsUnreadable() throws {
        let odd = V1Item(
            id: 1, title: "Odd", descriptions: nil, price: 100, currency: "KRW", stock: 1, discountedPrice: 150, thumbnails: [], images: nil,
            registrationDate: 0)
        #expect(try ProductSummary(v1: odd).discountedPrice == 0)
        var yen = odd
        yen.currency = "JPY"
        #expect(throws: OpenMarketError.self) { try ProductDetail(v1: yen) }
    }

    private func v1Error(_ status: Int, _ body: String) -> OpenMarketError {
        OpenMarketClient.v1Error(for: OpenMarketClient.RawResponse(status: status, body: Data(body.utf8)))
    }

    @Test func vaporErrorsMapToTheClientsErrorsWithTheirReason() throws {
        let notFound = OpenMarketClient.v1Error(for: OpenMarketClient.RawResponse(status: 404, body: try Fixture.data("v1-error.json")))
        #expect(notFound == .notFound("Not Found"))
        #expect(v1Error(400, #"{"error":true,"reason":"Required parts are missing."}"#) == .malformed("Required parts are missing."))
        #expect(v1Error(422, #"{"error":true,"reason":"Name too short."}"#) == .invalid([.init(field: nil, message: "Name too short.")]))
        #expect(v1Error(413, #"{"error":true,"reason":"Too large."}"#) == .tooLarge("Too large."))
        #expect(v1Error(507, #"{"error":true,"reason":"Full."}"#) == .storageFull)
        #expect(v1Error(502, "Bad Gateway") == .upstreamStatus(502, bodyExcerpt: "Bad Gateway"))
    }

    /// v1 has no vendors: 401 and 403 both say the item's password was not right.
    @Test func refusalsOfAuthorityAreAboutThePassword() {
        #expect(v1Error(401, #"{"error":true,"reason":"The password is wrong."}"#) == .unauthorized("The password is wrong."))
        #expect(v1Error(403, #"{"error":true,"reason":"Forbidden"}"#) == .unauthorized("Forbidden"))
        #expect(v1Error(401, "<html>nope</html>").message == "The market server answered with status 401.")
    }
}
