import Foundation
import OpenMarketCore
import Testing

@Suite("Encoding to the v2 wire", .timeLimit(.minutes(10)))
struct WireEncodingTests {
    @Test func detailRoundTripsToTheFixture() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")

        let encoded = try parsedObject(detail.wireJSON)

        #expect(encoded == (try Fixture.object("v2-detail.json")))
    }

    @Test func detailWritesPricesAsFloats() throws {
        let text = try Fixture.decode(ProductDetail.self, from: "v2-detail.json").wireJSON.serialized()

        #expect(text.contains(#""price":12000.0"#))
        #expect(text.contains(#""bargain_price":10000.0"#))
        #expect(text.contains(#""discounted_price":2000.0"#))
        #expect(text.contains(#""stock":7,"#))
    }

    @Test func detailKeepsTheServersKeyOrder() throws {
        let json = try Fixture.decode(ProductDetail.self, from: "v2-detail.json").wireJSON

        #expect(
            json.keys == [
                "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price",
                "discounted_price", "stock", "created_at", "issued_at", "images", "vendors",
            ]
        )
    }

    @Test func v2aDetailIsRewrittenInTheV2bShape() throws {
        let detail = try Fixture.decode(ProductDetail.self, from: "v2a-market-training-detail.json")

        let encoded = try parsedObject(detail.wireJSON)

        #expect(encoded["created_at"] as? String == "2022-01-21T00:00:00")
        #expect(encoded["vendors"] as? NSDictionary == NSDictionary(dictionary: ["id": 22, "name": "sample_vendor"]))
        let image = try #require((encoded["images"] as? [Any])?.first as? NSDictionary)
        #expect(image["succeed"] == nil)
        #expect(image["issued_at"] as? String == "2022-01-21T00:00:00")
    }

    @Test func listRoundTripsToTheFixture() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2-list.json")

        let encoded = try parsedObject(page.wireJSON)

        #expect(encoded == (try Fixture.object("v2-list.json")))
    }

    @Test func listEnvelopePagingFiguresMatchTheFixture() throws {
        let fixture = try Fixture.object("v2-list.json")
        let encoded = try parsedObject(try Fixture.decode(ProductPage.self, from: "v2-list.json").wireJSON)

        let keys = ["offset", "limit", "lastPage", "hasNext", "hasPrev"]
        func envelope(_ object: NSDictionary) -> NSDictionary {
            NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: keys.map { ($0, object[$0] ?? NSNull()) }))
        }

        #expect(envelope(encoded) == envelope(fixture))
        #expect(envelope(fixture).allValues.allSatisfy { !($0 is NSNull) })
        #expect(encoded["limit"] as? Int == 6)
        #expect(encoded["lastPage"] as? Int == 3)
    }

    @Test func v2aListIsRewrittenWithACamelCaseEnvelope() throws {
        let page = try Fixture.decode(ProductPage.self, from: "v2a-market-training-list.json")

        let encoded = try parsedObject(page.wireJSON)

        #expect(encoded["pageNo"] as? Int == 2)
        #expect(encoded["lastPage"] as? Int == 5)
        #expect(encoded["page_no"] == nil)
    }

    @Test func draftParamsMatchTheCreateFixture() throws {
        let draft = ProductDraft(
            name: "Ceramic Mug", description: "Glazed stoneware mug, 350 ml, dishwasher safe.", price: 12000, currency: .krw,
            discountedPrice: 2000, stock: 7
        )

        let params = draft.wireParams(secret: "<vendor-secret>")

        #expect(try parsedObject(params) == (try Fixture.object("v2-create-params.json")))
        // The contract's params part writes whole prices as integers, unlike responses.
        #expect(params.serialized().contains(#""price":12000,"#))
        #expect(params.serialized().contains(#""discounted_price":2000,"#))
    }

    @Test func draftDefaultsSendZeroDiscountAndStock() throws {
        let draft = ProductDraft(name: "Mug", description: "A plain mug.", price: 10, currency: .usd)

        let encoded = try parsedObject(draft.wireParams(secret: "s"))

        #expect(encoded["discounted_price"] as? Int == 0)
        #expect(encoded["stock"] as? Int == 0)
        #expect(encoded["currency"] as? String == "USD")
        #expect(encoded["descriptions"] == nil)
    }

    @Test func fullChangesMatchThePatchFixture() throws {
        let changes = ProductChanges(
            name: "Ceramic Mug (Blue)", description: "Glazed stoneware mug, 350 ml, blue glaze.", thumbnailID: 2102, price: 12000,
            currency: .krw, discountedPrice: 1000, stock: 5
        )

        let body = changes.wireBody(secret: "<vendor-secret>")

        #expect(try parsedObject(body) == (try Fixture.object("v2-patch-request.json")))
        #expect(body.serialized().contains(#""thumbnail_id":2102,"#))
    }

    @Test func priceOnlyChangeEncodesExactlyPriceAndSecret() throws {
        let body = ProductChanges(price: 9900).wireBody(secret: "s3cr3t")

        #expect(body.keys == ["price", "secret"])
        #expect(body.serialized() == #"{"price":9900,"secret":"s3cr3t"}"#)
    }

    @Test func emptyChangesStillCarryTheSecret() {
        let changes = ProductChanges()

        #expect(changes.isEmpty)
        #expect(changes.wireBody(secret: "s").keys == ["secret"])
    }

    @Test func zeroValuedChangesAreSentNotDropped() {
        let body = ProductChanges(discountedPrice: 0, stock: 0).wireBody(secret: "s")

        #expect(body.keys == ["discounted_price", "stock", "secret"])
    }

    @Test func errorBodyWritesNullsForMissingFields() throws {
        let body = try Fixture.decode(MarketErrorBody.self, from: "v2-error-404.json")

        let text = body.wireJSON.serialized()

        #expect(text.contains(#""message":null"#))
        #expect(!text.contains("errors"))
        #expect(try parsedObject(body.wireJSON)["status"] as? Int == 404)
    }
}
