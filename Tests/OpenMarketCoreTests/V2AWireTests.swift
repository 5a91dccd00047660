import Foundation
import OpenMarketCore
import Testing

@Suite("The v2a wire", .timeLimit(.minutes(10)))
struct V2AWireTests {
    @Test func detailRoundTripsToTheFixture() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2a-market-training-detail.json")

        #expect(detail.vendor.createdAt == Date.utcDay(2022, 1, 10))
        #expect(try parsedObject(V2AWire.detail(detail)) == (try Fixture.object("v2a-market-training-detail.json")))
    }

    @Test func listRoundTripsToTheFixtureWithItsSnakeCaseEnvelope() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2a-market-training-list.json")

        let json = V2AWire.page(page)

        #expect(try parsedObject(json) == (try Fixture.object("v2a-market-training-list.json")))
        #expect(json.keys == ["page_no", "items_per_page", "total_count", "offset", "limit", "last_page", "has_next", "has_prev", "pages"])
    }

    @Test func datesCarryTwoFractionDigits() throws {
        #expect(V2AWire.date(Date.utcDay(2022, 1, 21)) == "2022-01-21T00:00:00.00")
        let text = V2AWire.detail(try Fixture.decode(ProductDetail.self, from: "v2-detail.json")).serialized()
        #expect(text.contains(#""created_at":"2023-03-02T00:00:00.00""#))
        #expect(text.contains(#""succeed":true"#))
    }
}
