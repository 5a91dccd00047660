import Foundation
import OpenMarketCore
import Testing

@Suite("MarketRequests: reads, update and archive", .timeLimit(.minutes(10)))
struct MarketRequestsTests {
    let requests = MarketRequests(baseURL: URL(string: "https://market.example.test")!)
    let credentials = VendorCredentials(identifier: "6c1f3b2e-b8d7-11ed-b1f2-0242ac120002", secret: "vendor-secret-1")

    private func queryItems(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
    }

    @Test func listIsAGetWithPagingQuery() {
        let request = requests.list(ProductQuery(page: 2, perPage: 30))

        #expect(request.method == .get)
        #expect(request.url.path == "/api/products")
        #expect(queryItems(request.url) == ["page_no": "2", "items_per_page": "30"])
        #expect(request.body == nil)
    }

    @Test(arguments: ["blue mug", "a+b", "tea & cake", "머그컵", "100% = 1+1 & more?"])
    func searchValueRoundTripsThroughPercentEncoding(search: String) {
        let request = requests.list(ProductQuery(page: 1, perPage: 20, search: search))

        #expect(queryItems(request.url)["search_value"] == search)
        #expect(queryItems(request.url).count == 3)
    }

    @Test func searchPlusIsPercentEncodedSoServersDoNotReadASpace() throws {
        let request = requests.list(ProductQuery(search: "a+b c"))
        let query = try #require(request.url.query(percentEncoded: true))

        #expect(query.contains("search_value=a%2Bb%20c"))
        #expect(!query.contains("+"))
    }

    @Test func blankSearchIsLeftOut() {
        let request = requests.list(ProductQuery(search: "   \n"))

        #expect(queryItems(request.url)["search_value"] == nil)
    }

    @Test func getsCarryNoIdentifierHeader() {
        for request in [requests.list(ProductQuery()), requests.detail(id: 7), requests.healthCheck()] {
            #expect(request.header("identifier") == nil)
            #expect(request.headers.isEmpty)
            #expect(request.method == .get)
        }
    }

    @Test func detailAndHealthCheckUseTheirPaths() {
        #expect(requests.detail(id: 1507).url.absoluteString == "https://market.example.test/api/products/1507")
        #expect(requests.healthCheck().url.absoluteString == "https://market.example.test/healthChecker")
    }

    @Test(arguments: ["https://market.example.test/", "https://market.example.test"])
    func baseURLTrailingSlashIsNotDoubled(base: String) {
        let requests = MarketRequests(baseURL: URL(string: base)!)

        #expect(requests.detail(id: 3).url.absoluteString == "https://market.example.test/api/products/3")
        #expect(requests.list(ProductQuery()).url.absoluteString.hasPrefix("https://market.example.test/api/products?"))
    }

    @Test func baseURLPathPrefixIsKept() {
        let requests = MarketRequests(baseURL: URL(string: "http://127.0.0.1:8080/market/")!)

        #expect(requests.detail(id: 3).url.absoluteString == "http://127.0.0.1:8080/market/api/products/3")
    }

    @Test func updateIsAPatchWithOnlyChangedKeysAndTheSecret() throws {
        let request = requests.update(id: 1507, changes: ProductChanges(name: "New name", stock: 3), credentials: credentials)

        #expect(request.method == .patch)
        #expect(request.url.absoluteString == "https://market.example.test/api/products/1507")
        #expect(request.header("identifier") == credentials.identifier)
        #expect(request.header("Content-Type") == "application/json")
        let body = try parsedObject(try #require(request.body))
        #expect(body == NSDictionary(dictionary: ["name": "New name", "stock": 3, "secret": "vendor-secret-1"]))
    }

    @Test func archiveIsAPostOfTheSecretOnly() throws {
        let request = requests.archive(id: 1507, credentials: credentials)

        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://market.example.test/api/products/1507/archived")
        #expect(request.header("identifier") == credentials.identifier)
        #expect(request.header("content-type") == "application/json")
        #expect(request.body == Data(#"{"secret":"vendor-secret-1"}"#.utf8))
        // The contract's archived request is the secret alone.
        #expect(try Fixture.object("v2-archived-request.json").allKeys.map { "\($0)" } == ["secret"])
    }

    @Test func onlyGetsAreRetryable() throws {
        #expect(requests.list(ProductQuery()).isRetryable)
        #expect(requests.detail(id: 1).isRetryable)
        #expect(requests.healthCheck().isRetryable)
        #expect(!requests.update(id: 1, changes: ProductChanges(stock: 1), credentials: credentials).isRetryable)
        #expect(!requests.archive(id: 1, credentials: credentials).isRetryable)
        #expect(!(try requests.delete(path: "/api/products/abc", credentials: credentials)).isRetryable)
        let draft = ProductDraft(name: "Mug", description: "A plain mug.", price: 1, currency: .krw)
        #expect(!(try requests.create(draft, images: [], credentials: credentials, boundary: "B")).isRetryable)
    }

    /// Photos are fetched from the market's own origin only: a product naming another address is never followed.
    @Test func aPhotoIsFetchedOnlyFromTheMarketsOwnOrigin() throws {
        let own = try #require(requests.photo(url: "https://market.example.test/images/ab_origin.jpg"))
        #expect(own.method == .get && own.url.absoluteString == "https://market.example.test/images/ab_origin.jpg")
        #expect(own.isRetryable)
        #expect(requests.photo(url: "https://MARKET.example.test:443/images/x.jpg") != nil, "the same origin spelled otherwise")
        #expect(requests.photo(url: "/images/ab_origin.jpg")?.url.absoluteString == "https://market.example.test/images/ab_origin.jpg")
        for elsewhere in [
            "http://market.example.test/images/x.jpg", "https://market.example.test:8443/images/x.jpg", "https://cdn.example.test/x.jpg",
            "http://169.254.169.254/latest/meta-data", "https://user:pw@market.example.test/x.jpg", "file:///etc/passwd",
        ] {
            #expect(requests.photo(url: elsewhere) == nil, "\(elsewhere)")
        }
    }
}
