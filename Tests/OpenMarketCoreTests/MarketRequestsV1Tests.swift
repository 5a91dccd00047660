import Foundation
import OpenMarketCore
import Testing

/// Requests to a first-generation (v1) server: its own paths, multipart writes with the item's password, whole
/// prices and the sale price where v2 says the discount.
@Suite("MarketRequests: a v1 server", .timeLimit(.minutes(10)))
struct MarketRequestsV1Tests {
    let requests = MarketRequests(baseURL: URL(string: "https://camp-open-market-2.example.test/")!, generation: .v1)
    let mug = ProductDraft(
        name: "Ceramic Mug", description: "Glazed stoneware mug, 350 ml, dishwasher safe.", price: 12000, currency: .krw,
        discountedPrice: 2000, stock: 7)

    /// The mug as the server has it: 12000 won, sold for 10000.
    var current: ProductDetail {
        let day = Date(timeIntervalSince1970: 1_622_001_234)
        return ProductDetail(
            id: 121, vendorID: 0, name: "Ceramic Mug", description: "Glazed stoneware mug, 350 ml, dishwasher safe.", thumbnailURL: "t0",
            currency: .krw, price: 12000, discountedPrice: 2000, stock: 7, createdAt: day, issuedAt: day,
            images: [.init(id: 1, url: "i0", thumbnailURL: "t0", issuedAt: day)], vendor: .init(id: 0, name: ""))
    }

    private func texts(_ request: MarketRequest, boundary: String = "B") throws -> [String] {
        try MultipartParts.parse(try #require(request.body), boundary: boundary).map { part in
            "\(part.name ?? "?")=\(String(decoding: part.body, as: UTF8.self))"
        }
    }

    @Test func readsUseTheItemPathsAndTheFirstPageIsTheHealthCheck() {
        #expect(requests.items(page: 3).url.absoluteString == "https://camp-open-market-2.example.test/items/3")
        #expect(requests.items(page: 3).method == .get)
        #expect(requests.detail(id: 121).url.absoluteString == "https://camp-open-market-2.example.test/item/121")
        #expect(requests.healthCheck().url.path == "/items/1")
        #expect(MarketRequests(baseURL: requests.baseURL).detail(id: 121).url.path == "/api/products/121")
    }

    @Test func createIsTheContractsWireExampleWithTheSalePrice() throws {
        let fixture = try Fixture.text("v1-create-multipart.txt")
        let boundary = "Boundary-0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9"
        let image = ImageUpload(filename: "image0.jpeg", contentType: "image/jpeg", data: Data("<jpeg bytes>".utf8))
        let expectedBody = try #require(fixture.range(of: "\r\n\r\n")).upperBound

        let request = try requests.createItem(mug, images: [image], password: "<item-password>", boundary: boundary)

        #expect(request.method == .post)
        #expect(request.url.path == "/item")
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == String(fixture[expectedBody...]))
        #expect(fixture.contains("Content-Type: \(try #require(request.header("content-type")))\r\n"))
        #expect(request.header("identifier") == nil, "v1 has no vendors")
    }

    @Test func anUndiscountedItemLeavesTheSalePriceOut() throws {
        var plain = mug
        plain.discountedPrice = 0
        let parts = try texts(try requests.createItem(plain, images: [], password: "pw-1234", boundary: "B"))
        #expect(parts == [
            "title=Ceramic Mug", "descriptions=Glazed stoneware mug, 350 ml, dishwasher safe.", "price=12000", "currency=KRW",
            "stock=7", "password=pw-1234",
        ])
    }

    @Test func centsAreRefusedRatherThanRounded() {
        let dollars = ProductDraft(name: "Tote", description: "A canvas tote bag.", price: 12.5, currency: .usd, discountedPrice: 0.25)
        #expect(throws: OpenMarketError.invalid([.init(.wholeUnitsOnly(.price)), .init(.wholeUnitsOnly(.discountedPrice))])) {
            try requests.createItem(dollars, images: [], password: "pw-1234", boundary: "B")
        }
    }

    @Test func aPasswordCheckIsAPatchWithOnlyThePassword() throws {
        let request = try requests.checkItemPassword(id: 121, password: "pw-1234", boundary: "B")
        #expect(request.method == .patch)
        #expect(request.url.path == "/item/121")
        #expect(try texts(request) == ["password=pw-1234"])
    }

    @Test func anUpdateSendsOnlyTheChangedPartsAndThePassword() throws {
        let request = try requests.updateItem(
            id: 121, changes: ProductChanges(name: "Blue Mug", stock: 3), current: current, password: "pw-1234", boundary: "B")
        #expect(request.method == .patch)
        #expect(try texts(request) == ["title=Blue Mug", "stock=3", "password=pw-1234"])
    }

    /// A v1 server keeps the sale price when only the price changes; v2's changes keep the discount amount.
    @Test func aNewPriceKeepsTheDiscountAmountBySendingTheNewSalePrice() throws {
        let request = try requests.updateItem(
            id: 121, changes: ProductChanges(price: 15000), current: current, password: "pw-1234", boundary: "B")
        #expect(try texts(request) == ["price=15000", "discounted_price=13000", "password=pw-1234"])
    }

    @Test func aDiscountOfZeroIsASalePriceEqualToThePrice() throws {
        let request = try requests.updateItem(
            id: 121, changes: ProductChanges(discountedPrice: 0), current: current, password: "pw-1234", boundary: "B")
        #expect(try texts(request) == ["discounted_price=12000", "password=pw-1234"])
    }

    @Test func anUndiscountedItemStaysUndiscountedWhenItsPriceChanges() throws {
        var plain = current
        plain.discountedPrice = 0
        let request = try requests.updateItem(id: 121, changes: ProductChanges(price: 9000), current: plain, password: "pw-1234", boundary: "B")
        #expect(try texts(request) == ["price=9000", "password=pw-1234"])
    }

    @Test func anotherMainPhotoIsRefused() {
        #expect(throws: OpenMarketError.invalid([.init(.mainPhotoFixed)])) {
            try requests.updateItem(id: 121, changes: ProductChanges(thumbnailID: 2), current: current, password: "pw-1234", boundary: "B")
        }
    }

    @Test func deleteSendsThePasswordAsTheSecondServersJSON() throws {
        let request = requests.deleteItem(id: 121, password: "<item-password>")
        #expect(request.method == .delete)
        #expect(request.url.path == "/item/121")
        #expect(request.header("content-type") == "application/json")
        #expect(try parsedObject(try #require(request.body)) == (try Fixture.object("v1-delete-request.json")))
    }
}
