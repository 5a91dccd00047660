import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/admin/products`: a real table, sorted, filtered, searched and paged by the URL, checked against the market API.
@Suite("Admin products table", .timeLimit(.minutes(10)))
struct AdminProductsTableTests {
    @Test func theTableIsAnAccessibleTableOfEveryProduct() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<table class=\"admin-table\">"))
            #expect(response.caption == "상품 24개 중 1–24")
            #expect(response.occurrences(of: "<th scope=\"col\"") == 10)
            #expect(response.adminRowIDs.count == 24)
            // Newest first by default, the same products the API lists.
            let api = try await MarketProbe.products(via: client)
            #expect(response.adminRowIDs == api.map(\.id).sorted(by: >))
            #expect(html.contains("aria-sort=\"descending\"><a href=\"/admin/products?dir=asc\">ID</a>"))
            #expect(response.occurrences(of: "type=\"checkbox\" name=\"ids\"") == 24)
            #expect(!html.contains("rel=\"next\""), "24 products fit on one page of 50")
        }
    }

    @Test func sortingByPriceAscendingListsWonThenDollarsEachCheapestFirst() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?sort=price&dir=asc")
            #expect(response.status == .ok)
            let api = try await MarketProbe.products(via: client)
            let won = api.filter { $0.currency == .krw }.sorted { ($0.price, $0.id) < ($1.price, $1.id) }
            let dollars = api.filter { $0.currency == .usd }.sorted { ($0.price, $0.id) < ($1.price, $1.id) }
            #expect(response.adminRowIDs == (won + dollars).map(\.id))
            let prices = response.text.allCaptures(#"<td data-label="판매자">[^<]*</td>\s*<td class="number" data-label="가격">([^<]*)</td>"#)
            #expect(prices.first == "12,000원")
            #expect(prices.last == "$240.00")
            #expect(prices.prefix(3) == ["12,000원", "12,000원", "15,000원"])
            #expect(response.text.contains(#"aria-sort="ascending"><a href="/admin/products?sort=price">가격</a>"#))
            #expect(response.occurrences(of: "aria-sort=\"ascending\"") == 1)
            #expect(response.occurrences(of: "aria-sort=\"none\"") == 6)
            // The sorted header says how two currencies are ordered; no other header does.
            #expect(response.text.contains(#"<span aria-hidden="true">▲</span><small class="sort-note">통화별로 묶어 정렬</small></th>"#))
            #expect(response.occurrences(of: "class=\"sort-note\"") == 1)
        }
    }

    @Test func sortingByNameFollowsTheDirection() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let api = try await MarketProbe.products(via: client)
            let byName = api.sorted { ($0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars)) }.map(\.id)
            let ascending = try await admin.get("/admin/products?sort=name&dir=asc")
            #expect(ascending.adminRowIDs == byName)
            #expect(ascending.text.contains(#"aria-sort="ascending"><a href="/admin/products?sort=name">상품명</a>"#))
            let descending = try await admin.get("/admin/products?sort=name")
            #expect(descending.adminRowIDs == byName.reversed())
            #expect(descending.text.contains(#"aria-sort="descending"><a href="/admin/products?sort=name&amp;dir=asc">상품명</a>"#))
        }
    }

    @Test func soldOutFilterShowsOnlyTheThreeSoldOutProducts() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?stock=out")
            let soldOut = try await MarketProbe.products(via: client).filter { $0.stock == 0 }
            #expect(soldOut.count == 3)
            #expect(Set(response.adminRowIDs) == Set(soldOut.map(\.id)))
            #expect(response.adminRowIDs.count == 3)
            #expect(response.caption == "상품 3개 중 1–3")
            #expect(response.text.contains("<option value=\"out\" selected>품절</option>"))
            #expect(response.occurrences(of: "class=\"number sold-out\"") == 3)
            #expect(response.text.contains("href=\"/admin/export.csv?stock=out\""), "the export keeps the filter")
            let inStock = try await admin.get("/admin/products?stock=in")
            #expect(inStock.adminRowIDs.count == 21)
        }
    }

    @Test func currencyFilterShowsOnlyDollarProducts() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?currency=USD")
            let dollars = try await MarketProbe.products(via: client).filter { $0.currency == .usd }
            #expect(response.adminRowIDs == dollars.map(\.id).sorted(by: >))
            #expect(response.adminRowIDs.count == 6)
            #expect(!response.text.contains("원</td>"))
            #expect(response.text.contains("<option value=\"USD\" selected>USD</option>"))
        }
    }

    @Test func aKoreanSearchNarrowsTheRows() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let query = try #require("캠핑".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(query == "%EC%BA%A0%ED%95%91")
            let response = try await admin.get("/admin/products?q=\(query)")
            #expect(response.status == .ok)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let tent = try await MarketProbe.product(named: "캠핑 텐트 3~4인용", via: client)
            #expect(Set(response.adminRowIDs) == [lantern.id, tent.id])
            #expect(response.text.contains("id=\"admin-q\" name=\"q\" value=\"캠핑\""))
            #expect(response.caption == "상품 2개 중 1–2")
        }
    }

    @Test(arguments: [("Film+Camera", "Vintage Film Camera"), ("%EC%BA%A0%ED%95%91+%ED%85%90%ED%8A%B8", "캠핑 텐트 3~4인용")])
    func aSearchWithASpaceSentAsPlusWorks(query: String, expected: String) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?q=\(query)")
            let product = try await MarketProbe.product(named: expected, via: client)
            #expect(response.adminRowIDs == [product.id])
            let typed = try #require(query.replacingOccurrences(of: "+", with: " ").removingPercentEncoding)
            #expect(response.text.contains("name=\"q\" value=\"\(typed)\""))
        }
    }

    @Test func aPagePastTheEndSaysThereAreNoProducts() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?page=2")
            #expect(response.status == .ok)
            #expect(response.adminRowIDs.isEmpty)
            #expect(response.caption == "조건에 맞는 상품이 없습니다.")
            #expect(!response.text.contains("선택한 상품 삭제"), "no bulk-delete button under an empty table")
        }
    }

    @Test(arguments: ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "0", "abc", "1e9"])
    func anAbsurdPageAnswersWithoutCrashing(page: String) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?page=\(page)")
            #expect(response.status == .ok)
            #expect(response.text.contains("<table class=\"admin-table\">"))
            let rows = response.adminRowIDs.count
            #expect(rows == 0 || rows == 24, "page \(page): \(rows) rows")
        }
    }

    @Test func unknownSortAndFilterValuesFallBackToTheDefaults() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products?sort=password&dir=sideways&stock=maybe&currency=EUR")
            #expect(response.status == .ok)
            #expect(response.adminRowIDs.count == 24)
        }
    }
    /// Sort, page and export links carry the search along, whatever characters it holds.
    @Test(arguments: ["Tom & Jerry", "a+b", "100%", "C#"])
    func tableLinksKeepAnAwkwardSearch(search: String) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let encoded = FormEncoding.urlEncoded([("q", search)])
            let direct = try await admin.get("/admin/products?\(encoded)")
            #expect(direct.status == .ok)
            #expect(direct.text.contains("name=\"q\" value=\"\(HTMLEscaper.escape(search))\""))
            let sortLink = try #require(direct.firstCapture(#"<a href="([^"]*)">상품명</a>"#))
            let followed = try await admin.get(sortLink.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(followed.status == .ok)
            #expect(followed.adminRowIDs == direct.adminRowIDs, "sort link \(sortLink) lost the search")
            #expect(followed.text.contains("name=\"q\" value=\"\(HTMLEscaper.escape(search))\""), "sort link \(sortLink)")
            let exportLink = try #require(direct.firstCapture(#"<a class="button" href="([^"]*)" download>"#))
            #expect(exportLink.hasPrefix("/admin/export.csv?q="), "\(exportLink)")
        }
    }
}
