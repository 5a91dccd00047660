import Foundation
import OpenMarketCore
import Testing

@Suite("MarketRequests: delete at the archived path", .timeLimit(.minutes(10)))
struct MarketRequestsDeleteTests {
    let requests = MarketRequests(baseURL: URL(string: "https://market.example.test/")!)
    let credentials = VendorCredentials(identifier: "6c1f3b2e-b8d7-11ed-b1f2-0242ac120002", secret: "vendor-secret-1")

    @Test func deleteUsesTheArchivedResponseVerbatim() throws {
        let path = try Fixture.text("v2-archived-response.txt")

        let request = try requests.delete(path: path, credentials: credentials)

        #expect(request.method == .delete)
        #expect(request.url.absoluteString == "https://market.example.test/api/products/6c1f3b2e-b8d7-11ed-b1f2-0242ac120002")
        #expect(request.header("identifier") == credentials.identifier)
        #expect(request.body == nil)
    }

    @Test(arguments: [
        "/api/products/1507/token-1\n",
        "  /api/products/1507/token-1 \r\n",
        "\"/api/products/1507/token-1\"",
        "\"/api/products/1507/token-1\"\n",
    ])
    func deletePathIsTrimmedOfWhitespaceAndQuotes(path: String) throws {
        let request = try requests.delete(path: path, credentials: credentials)

        #expect(request.url.absoluteString == "https://market.example.test/api/products/1507/token-1")
    }

    @Test(arguments: [
        "api/products/1", "https://elsewhere.example/api/products/1", "/api/products/../admin", "/api/products/1?force=true",
        "/api/products/1#frag", "", "\"\"", "/api/products/%2e%2e/admin",
    ])
    func deleteRefusesWhatIsNotAPlainPath(path: String) {
        let error = #expect(throws: OpenMarketError.self) {
            try requests.delete(path: path, credentials: credentials)
        }
        guard case .undecodableResponse? = error else {
            Issue.record("expected .undecodableResponse, got \(String(describing: error))")
            return
        }
    }
}
