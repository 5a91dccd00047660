import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// `HEAD` answers wherever `GET` does (RFC 9110 §9.3.2): link checkers, caches and previews ask it first.
@Suite("HEAD requests", .timeLimit(.minutes(10)))
struct HeadRequestTests {
    /// Every route of the URL table, signed in to the console, with a real product and photo: `HEAD` answers with
    /// `GET`'s status and type and sends no body. A route added to `SiteURL` without a link here does not compile.
    @Test func headAnswersEveryRouteAsGetDoesWithoutItsBody() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            var admin = try await AdminClient.signedIn(client)
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let photo = try #require(camera.images.first.flatMap { URL(string: $0.url)?.lastPathComponent })
            var answeredGet = 0
            for route in Set(SiteURLTests.cases.map(\.route)) {
                let link = Self.link(for: route, product: camera.id, vendor: camera.vendor.id, photo: photo).link
                let get = try await admin.get(link)
                let head = try await client.execute(uri: link, method: .head, headers: [.cookie: Self.cookieHeader(admin.browser.cookies)])
                #expect(head.status == get.status, "\(link): HEAD \(head.status), GET \(get.status)")
                #expect(head.body.readableBytes == 0, "\(link): HEAD sent \(head.body.readableBytes) bytes")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(link)")
                if get.status.code < 400 { answeredGet += 1 }
            }
            // The pages, the console, the APIs' reads, photos and files: far more than half of the table.
            #expect(answeredGet >= 25, "only \(answeredGet) routes answered GET")
        }
    }

    static func cookieHeader(_ cookies: [String: String]) -> String {
        cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    /// A link for each route, to something that exists.
    static func link(for route: SiteURL, product id: Int, vendor: Int, photo: String) -> SiteURL {
        switch route {
        case .home: .home
        case .products: .products(ListQuery(page: 1, view: .list, search: "camera", sort: .priceAscending))
        case .product: .product(.value(id), photo: 2)
        case .newProduct: .newProduct
        case .draftPhoto: .draftPhoto(.value(String(repeating: "ab", count: 32)))
        case .editProduct: .editProduct(.value(id))
        case .deleteProduct: .deleteProduct(.value(id))
        case .language: .language(.value(.english), returnTo: "/products")
        case .likeProduct: .likeProduct(.value(id))
        case .likes: .likes(page: 1)
        case .recent, .clearRecent, .metrics, .readiness: route
        case .seller: .seller(.value(vendor))
        case .sellerNamed: .sellerNamed("초록소파")
        case .askQuestion: .askQuestion(.value(id))
        case .question: .question(.value(id), .value(1))
        case .readQuestion: .readQuestion(.value(id), .value(1))
        case .answerQuestion: .answerQuestion(.value(id), .value(1))
        case .deleteQuestion: .deleteQuestion(.value(id), .value(1))
        case .admin(let url):
            switch url {
            case .home, .login, .logout, .confirmDelete, .delete: .admin(url)
            case .products: .admin(.products(AdminTableQuery(listing: ProductListing(search: "camera"))))
            case .product: .admin(.product(.value(id)))
            case .editProduct: .admin(.editProduct(.value(id)))
            case .history: .admin(.history(AdminHistoryQuery(productID: id)))
            case .restore: .admin(.restore(.value(1)))
            case .keptPhoto: .admin(.keptPhoto(.value(1), number: .value(1)))
            case .export: .admin(.export())
            case .questions: .admin(.questions())
            case .questionVisibility: .admin(.questionVisibility(.value(1)))
            }
        case .api(let path):
            switch path {
            case .healthChecker, .products: .api(path)
            case .product: .api(.product(.value(id)))
            case .archived: .api(.archived(.value(id)))
            case .secret: .api(.secret(.value(id)))
            case .deleteToken: .api(.deleteToken(.value("5e0b7c1a-7a1c-11ec-9173-0242ac120002")))
            case .productToken: .api(.productToken(.value(id), .value("5e0b7c1a-7a1c-11ec-9173-0242ac120002")))
            }
        case .apiDescription: .apiDescription
        case .v1(let path):
            switch path {
            case .items: .v1(.items(.value(1)))
            case .newItem: .v1(.newItem)
            case .item: .v1(.item(.value(id)))
            }
        case .image: .image(.value(photo))
        case .asset(let asset): .asset(asset)
        }
    }
}
