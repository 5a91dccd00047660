import Foundation
import OpenMarketCore
import Testing

/// Requests to a v2a ("market-training") server: `descriptions`, and the delete through the product secret.
@Suite("MarketRequests: a v2a server", .timeLimit(.minutes(10)))
struct MarketRequestsV2ATests {
    let requests = MarketRequests(baseURL: URL(string: "https://market.example.test/")!, generation: .v2a)
    let credentials = VendorCredentials(identifier: "5e0b7c1a-7a1c-11ec-9173-0242ac120002", secret: "<vendor-secret>")

    @Test func createParamsCallTheDescriptionDescriptionsAsTheFixtureDoes() throws {
        let draft = ProductDraft(
            name: "Ceramic Mug", description: "Glazed stoneware mug, 350 ml, dishwasher safe.", price: 12000, currency: .krw,
            discountedPrice: 2000, stock: 7)

        let request = try requests.create(draft, images: [], credentials: credentials, boundary: "B")
        let body = try #require(request.body)
        let params = try #require(try MultipartParts.parse(body, boundary: "B").first { $0.name == "params" })

        #expect(try parsedObject(params.body) == (try Fixture.object("v2a-market-training-create-params.json")))
    }

    @Test func patchSendsDescriptions() throws {
        let request = requests.update(id: 7, changes: ProductChanges(description: "A longer description."), credentials: credentials)

        let body = try parsedObject(try #require(request.body))
        #expect(body == NSDictionary(dictionary: ["descriptions": "A longer description.", "secret": "<vendor-secret>"]))
    }

    @Test func deleteAsksForTheProductSecretThenDeletesWithIt() throws {
        let secretRequest = requests.archive(id: 588, credentials: credentials)
        #expect(secretRequest.method == .post)
        #expect(secretRequest.url.absoluteString == "https://market.example.test/api/products/588/secret")
        #expect(try parsedObject(try #require(secretRequest.body)) == (try Fixture.object("v2a-market-training-secret-request.json")))

        let delete = try requests.delete(
            id: 588, productSecret: try Fixture.text("v2a-market-training-secret-response.txt") + "\n", credentials: credentials)
        #expect(delete.method == .delete)
        #expect(delete.url.absoluteString == "https://market.example.test/api/products/588/5e0b7c1a-7a1c-11ec-9173-0242ac120002")
        #expect(delete.header("identifier") == credentials.identifier)
    }

    @Test func aProductSecretIsOnePathSegment() throws {
        let delete = try requests.delete(id: 5, productSecret: "../admin?x", credentials: credentials)
        #expect(delete.url.path(percentEncoded: true) == "/api/products/5/..%2Fadmin%3Fx")
        #expect(throws: OpenMarketError.self) { try requests.delete(id: 5, productSecret: "  \n", credentials: credentials) }
    }

    @Test func aV2bServerKeepsDescriptionAndArchived() throws {
        let v2b = MarketRequests(baseURL: URL(string: "https://market.example.test/")!)
        #expect(v2b.archive(id: 3, credentials: credentials).url.path == "/api/products/3/archived")
        let body = try parsedObject(try #require(v2b.update(id: 3, changes: ProductChanges(description: "x"), credentials: credentials).body))
        #expect(body["description"] as? String == "x")
    }
}
