import Foundation
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// The URL table: every case's link is routed, by a real router, to the route its pattern registers, with the
/// parameters the link was built from.
@Suite("URL table", .timeLimit(.minutes(10)))
struct SiteURLTests {
    /// A card's link is written the short way; it is the path the URL table builds.
    @Test func aProductsLinkIsItsPath() {
        for id in [0, 7, 42, 100_000, Int.max, -1] {
            #expect(SiteURL.product(.value(id)).link == SiteURL.product(.value(id)).path, "\(id)")
        }
    }

    /// Every case of `SiteURL`, as (pattern case, link case, expected parameters).
    static var cases: [(route: SiteURL, link: SiteURL, parameters: [String: String])] {
        var cases: [(SiteURL, SiteURL, [String: String])] = [
            (.home, .home, [:]),
            (.products(), .products(ListQuery(page: 3, view: .list, search: "의자 & co")), [:]),
            (.product(.key), .product(.value(42), photo: 2), ["id": "42"]),
            (.product(.key), .product(.value(7)), ["id": "7"]),
            (.newProduct, .newProduct, [:]),
            (.draftPhoto(.key), .draftPhoto(.value(String(repeating: "ab", count: 32))), ["token": String(repeating: "ab", count: 32)]),
            (.editProduct(.key), .editProduct(.value(7)), ["id": "7"]),
            (.deleteProduct(.key), .deleteProduct(.value(7)), ["id": "7"]),
            (.language(.key), .language(.value(.english), returnTo: "/products?page=2"), ["code": "en"]),
            (.likeProduct(.key), .likeProduct(.value(42)), ["id": "42"]),
            (.likes(), .likes(page: 3), [:]),
            (.recent, .recent, [:]),
            (.clearRecent, .clearRecent, [:]),
            (.seller(.key), .seller(.value(12), .olderThan(901)), ["id": "12"]),
            (.seller(.key), .seller(.value(12), .newerThan(77)), ["id": "12"]),
            (.sellerNamed(), .sellerNamed("햇살 가득 & co", before: 40), [:]),
            (.askQuestion(.key), .askQuestion(.value(42)), ["id": "42"]),
            (.question(.key, .key), .question(.value(42), .value(3)), ["id": "42", "question": "3"]),
            (.readQuestion(.key, .key), .readQuestion(.value(42), .value(3)), ["id": "42", "question": "3"]),
            (.answerQuestion(.key, .key), .answerQuestion(.value(42), .value(3)), ["id": "42", "question": "3"]),
            (.deleteQuestion(.key, .key), .deleteQuestion(.value(42), .value(3)), ["id": "42", "question": "3"]),
            (.image(.key), .image(.value("0123abcd_thumb.png")), ["file": "0123abcd_thumb.png"]),
            (.api(.healthChecker), .api(.healthChecker), [:]),
            (.api(.products), .api(.products), [:]),
            (.api(.product(.key)), .api(.product(.value(9))), ["id": "9"]),
            (.api(.archived(.key)), .api(.archived(.value(9))), ["id": "9"]),
            (.api(.secret(.key)), .api(.secret(.value(9))), ["id": "9"]),
            (.api(.deleteToken(.key)), .api(.deleteToken(.value("5e0b7c1a-7a1c"))), ["id": "5e0b7c1a-7a1c"]),
            (.api(.productToken(.key, .key)), .api(.productToken(.value(9), .value("tok-1"))), ["id": "9", "token": "tok-1"]),
            (.v1(.items(.key)), .v1(.items(.value(2))), ["page": "2"]),
            (.v1(.newItem), .v1(.newItem), [:]),
            (.v1(.item(.key)), .v1(.item(.value(121))), ["id": "121"]),
            (.admin(.home), .admin(.home), [:]),
            (.admin(.login()), .admin(.login(next: "/admin/products?page=2")), [:]),
            (.admin(.logout), .admin(.logout), [:]),
            (.admin(.products()), .admin(.products(AdminTableQuery(listing: ProductListing(search: "램프", sort: .price), page: 2))), [:]),
            (.admin(.product(.key)), .admin(.product(.value(5))), ["id": "5"]),
            (.admin(.editProduct(.key)), .admin(.editProduct(.value(5))), ["id": "5"]),
            (.admin(.confirmDelete), .admin(.confirmDelete), [:]),
            (.admin(.delete), .admin(.delete), [:]),
            (.admin(.history()), .admin(.history(AdminHistoryQuery(productID: 5, before: 3))), [:]),
            (.admin(.restore(.key)), .admin(.restore(.value(12))), ["id": "12"]),
            (.admin(.keptPhoto(.key, number: .key)), .admin(.keptPhoto(.value(12), number: .value(3))), ["id": "12", "number": "3"]),
            (.admin(.export()), .admin(.export(AdminTableQuery(listing: ProductListing(stock: .soldOut)))), [:]),
            (.admin(.questions()), .admin(.questions(before: 12)), [:]),
            (.admin(.questionVisibility(.key)), .admin(.questionVisibility(.value(12))), ["id": "12"]),
            (.metrics, .metrics, [:]),
            (.readiness, .readiness, [:]),
        ]
        cases += Asset.allCases.map { (.asset($0), .asset($0), [:]) }
        return cases
    }

    @Test func everyLinkReachesTheRouteOfItsCaseWithItsParameters() async throws {
        let router = Router()
        let table = Self.cases
        // Each pattern answers with its own text and the parameters it received. Two cases may share one
        // pattern (a v2b delete token sits where a product id goes), and then they share one route.
        var registered = Set<String>()
        for entry in table where registered.insert(entry.route.pattern).inserted {
            let pattern = entry.route.pattern
            router.get(RouterPath(pattern)) { _, context -> String in
                let parameters = ["id", "code", "file", "token", "page"].compactMap { name in context.parameters.get(name).map { "\(name)=\($0)" } }
                return "\(pattern)|" + parameters.joined(separator: "&")
            }
        }
        let app = Application(router: router)
        try await app.stoppableTest(.router) { client in
            for entry in table {
                let link = entry.link.link
                #expect(CanonicalPath.isCanonical(entry.link.path), "\(link)")
                let response = try await client.execute(uri: link, method: .get)
                let expected = "\(entry.route.pattern)|"
                    + ["id", "code", "file", "token", "page"].compactMap { name in entry.parameters[name].map { "\(name)=\($0)" } }
                    .joined(separator: "&")
                #expect(String(buffer: response.body) == expected, "\(link) → \(String(buffer: response.body))")
            }
        }
    }

    @Test func queryStatesRoundTripThroughTheirLinks() {
        let list = ListQuery(page: 4, perPage: 50, view: .grid, search: "캠핑 + 랜턴 & 100%")
        let link = SiteURL.products(list).link
        let query = String(link.split(separator: "?", maxSplits: 1)[1])
        #expect(ListQuery(parameters: FormQuery(query: query)) == list)

        let table = AdminTableQuery(
            listing: ProductListing(search: "의자", sort: .discount, ascending: true, stock: .inStock, currency: .usd), page: 9)
        let adminLink = SiteURL.admin(.products(table)).link
        let adminQuery = String(adminLink.split(separator: "?", maxSplits: 1)[1])
        #expect(AdminTableQuery(parameters: FormQuery(query: adminQuery)) == table)
    }

    @Test func visitorAndSellerLinksCarryTheirPageOrKey() {
        #expect(SiteURL.likes().link == "/likes")
        #expect(SiteURL.likes(page: 2).link == "/likes?page=2")
        #expect(SiteURL.seller(.value(3)).link == "/sellers/3")
        #expect(SiteURL.seller(.value(3), .olderThan(40)).link == "/sellers/3?before=40")
        #expect(SiteURL.seller(.value(3), .newerThan(41)).link == "/sellers/3?after=41")
        #expect(SiteURL.sellerNamed("초록 소파", before: 40).link == "/sellers?name=%EC%B4%88%EB%A1%9D%20%EC%86%8C%ED%8C%8C&before=40")
        #expect(SellersController.start(FormQuery(query: "before=40")) == .olderThan(40))
        #expect(SellersController.start(FormQuery(query: "after=41")) == .newerThan(41))
        #expect(SellersController.start(FormQuery(query: "before=-4&after=x")) == .newest)
    }

    /// Links keep the bytes they had when `URLComponents` wrote them (with `+` as `%2B`): every ASCII character,
    /// Korean, a combining mark and a character outside the BMP, in names and values.
    @Test func queryStringsAreWrittenAsURLComponentsWritesThem() {
        let ascii = String(decoding: (0x20..<0x7F).map { UInt8($0) }, as: UTF8.self)
        for text in [ascii, "캠핑 + 랜턴 & 100%", "e\u{301}=#?/", "🪑 chair", "", "a\tb\nc"] {
            var components = URLComponents()
            components.queryItems = [URLQueryItem(name: "q", value: text), URLQueryItem(name: text, value: "1")]
            let expected = "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
            #expect(QueryString.encode([("q", text), (text, "1")]) == expected)
        }
    }

    @Test func sharedAPIPathsAreTheClientsPaths() throws {
        let requests = MarketRequests(baseURL: try #require(URL(string: "http://market.example")))
        #expect(requests.detail(id: 3).url.path == SiteURL.api(.product(.value(3))).path)
        #expect(requests.archive(id: 3, credentials: TestSupport.vendor).url.path == SiteURL.api(.archived(.value(3))).path)
        #expect(requests.healthCheck().url.path == SiteURL.api(.healthChecker).path)
    }

    @Test func signInReturnsOnlyToConsolePages() {
        #expect(AdminURL.isReturnTarget("/admin/products?page=2"))
        #expect(!AdminURL.isReturnTarget("/admin/login?next=/admin/products"))
        #expect(!AdminURL.isReturnTarget("/products"))
        #expect(!AdminURL.isReturnTarget("//admin/products"))
        #expect(!AdminURL.isReturnTarget("/admin/../products"))
    }
}
