import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The console in remote mode: the table is read page by page through the API and ordered here; writes use
/// the configured vendor's credentials, so another vendor's product is refused and reported as such.
@Suite("Admin console in remote mode", .timeLimit(.minutes(10)))
struct AdminRemoteTests {
    private func withRemoteConsole(
        _ body: @escaping @Sendable (_ upstream: any TestClientProtocol, _ console: any TestClientProtocol) async throws -> Void
    ) async throws {
        let upstream = try await buildApplication(TestSupport.configuration())
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            var config = TestSupport.configuration(backend: .remote(url))
            config.adminPassword = AdminClient.password
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { client in
                try await body(upstreamClient, client)
            }
        }
    }

    @Test func theTableIsSortedAndFilteredLikeTheEmbeddedOne() async throws {
        try await withRemoteConsole { upstream, console in
            var admin = try await AdminClient.signedIn(console)
            let api = try await MarketProbe.products(via: upstream)
            let all = try await admin.get("/admin/products")
            #expect(all.status == .ok)
            #expect(all.adminRowIDs == api.map(\.id).sorted(by: >))
            let byPrice = try await admin.get("/admin/products?sort=price&dir=asc")
            let won = api.filter { $0.currency == .krw }.sorted { ($0.price, $0.id) < ($1.price, $1.id) }
            let dollars = api.filter { $0.currency == .usd }.sorted { ($0.price, $0.id) < ($1.price, $1.id) }
            #expect(byPrice.adminRowIDs == (won + dollars).map(\.id))
            let byPriceDown = try await admin.get("/admin/products?sort=price")
            let wonDown = api.filter { $0.currency == .krw }.sorted { ($0.price, $0.id) > ($1.price, $1.id) }
            let dollarsDown = api.filter { $0.currency == .usd }.sorted { ($0.price, $0.id) > ($1.price, $1.id) }
            #expect(byPriceDown.adminRowIDs == (wonDown + dollarsDown).map(\.id))
            let soldOut = try await admin.get("/admin/products?stock=out")
            #expect(Set(soldOut.adminRowIDs) == Set(api.filter { $0.stock == 0 }.map(\.id)))
            #expect(soldOut.caption == "상품 3개 중 1–3")
        }
    }

    @Test func anotherVendorsProductIsRefusedWhileTheVendorsOwnIsDeleted() async throws {
        try await withRemoteConsole { upstream, console in
            var admin = try await AdminClient.signedIn(console)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstream)
            let speaker = try await MarketProbe.product(named: "블루투스 스피커", via: upstream)
            try await admin.askToDelete([lantern.id, speaker.id])
            let response = try await admin.confirmDelete([lantern.id, speaker.id])
            #expect(response.status == .ok)
            #expect(response.text.contains("<th scope=\"row\">\(lantern.name)</th><td class=\"outcome-success\">성공</td>"))
            #expect(response.text.contains("<th scope=\"row\">\(speaker.name)</th><td class=\"outcome-refused\">거부됨 — "))
            #expect(try await MarketProbe.product(lantern.id, via: upstream) == nil)
            #expect(try await MarketProbe.product(speaker.id, via: upstream) != nil)
        }
    }
}
