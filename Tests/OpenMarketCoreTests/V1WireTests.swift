import Foundation
import OpenMarketCore
import Testing

@Suite("The v1 wire", .timeLimit(.minutes(10)))
struct V1WireTests {
    @Test func itemFixtureDecodesWithTheSalePriceAndEpochDate() throws {
        let item = try Fixture.decode(V1Item.self, from: "v1-item.json")

        #expect(item.id == 121)
        #expect(item.title == "Ceramic Mug")
        #expect(item.descriptions == "Glazed stoneware mug, 350 ml, dishwasher safe.")
        #expect(item.price == 12000)
        #expect(item.discountedPrice == 10000)
        #expect(item.thumbnails.count == 1)
        #expect(item.images?.count == 1)
        #expect(abs(item.registrationDate - 1_622_001_234.567891) < 0.000_001)
    }

    @Test func listFixtureDecodesItemsWithoutDiscountOrDescription() throws {
        let page = try Fixture.decode(V1ItemPage.self, from: "v1-list.json")

        #expect(page.page == 1)
        #expect(page.items.map(\.id) == [121, 120])
        #expect(page.items[1].discountedPrice == nil)
        #expect(page.items[1].thumbnails.count == 2)
        #expect(page.items.allSatisfy { $0.descriptions == nil && $0.images == nil })
    }

    @Test func itemAndPagesRoundTripToTheFixtures() throws {
        for name in ["v1-item.json"] {
            let item = try Fixture.decode(V1Item.self, from: name)
            #expect(try parsedObject(item.wireJSON) == (try Fixture.object(name)), "\(name)")
        }
        for name in ["v1-list.json", "v1-empty-page.json"] {
            let page = try Fixture.decode(V1ItemPage.self, from: name)
            #expect(try parsedObject(page.wireJSON) == (try Fixture.object(name)), "\(name)")
        }
    }

    @Test func detailBecomesAnItemWithTheSalePriceAndEveryPhoto() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")

        let json = V1Item(detail).wireJSON
        let object = try parsedObject(json)

        #expect(json.keys == [
            "id", "title", "descriptions", "price", "currency", "stock", "discounted_price", "thumbnails", "images", "registration_date",
        ])
        #expect(object["title"] as? String == "Ceramic Mug")
        #expect(object["price"] as? Int == 12000)
        // v2's discount amount is 2000: v1 shows what the buyer pays.
        #expect(object["discounted_price"] as? Int == 10000)
        #expect(object["images"] as? [String] == detail.images.map(\.url))
        #expect(object["thumbnails"] as? [String] == detail.images.map(\.thumbnailURL))
        #expect(object["registration_date"] as? Double == detail.createdAt.timeIntervalSince1970)
        #expect(!json.serialized().contains(#""price":12000.0"#), "v1 prices are integers")
    }

    @Test func undiscountedSummaryLeavesTheDiscountKeyOut() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2-list.json")
        let undiscounted = try #require(page.products.first { $0.discountedPrice == 0 })

        let json = V1Item(undiscounted).wireJSON

        #expect(!json.keys.contains("discounted_price"))
        #expect(!json.keys.contains("descriptions"))
        #expect(!json.keys.contains("images"))
        #expect(try parsedObject(json)["thumbnails"] as? [String] == [undiscounted.thumbnailURL])
    }

    @Test func centsAreRoundedToTheWholePricesV1AppsDecode() throws {
        var detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")
        detail.currency = .usd
        detail.price = Decimal(string: "12.50") ?? 0
        detail.discountedPrice = Decimal(string: "0.75") ?? 0

        let item = V1Item(detail)

        #expect(item.price == 13)
        #expect(item.discountedPrice == 12)
    }
}
