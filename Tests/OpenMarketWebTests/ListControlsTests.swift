import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// The list's order and filters as plain links, and the header's search that keeps them: every state in the URL.
@Suite("Storefront list order and filters", .timeLimit(.minutes(10)))
struct ListControlsTests {
    @Test func theEmbeddedMarketsListOffersOrderAndFiltersAsLinksBackToPageOne() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?page=2&per_page=10&view=list&currency=KRW", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<nav class=\"sort-choices\" aria-label=\"정렬\">"))
            #expect(html.contains("<nav class=\"filter-chips\" aria-label=\"필터\">"))
            // Each choice starts again at the first page and keeps everything else.
            #expect(html.contains("<a href=\"/products?per_page=10&amp;view=list&amp;currency=KRW#list-toolbar\" aria-current=\"true\">최신순</a>"))
            #expect(html.contains("<a href=\"/products?per_page=10&amp;view=list&amp;sort=price_asc&amp;currency=KRW#list-toolbar\">낮은 가격순</a>"))
            #expect(html.contains("<a class=\"chip\" href=\"/products?per_page=10&amp;view=list&amp;stock=in&amp;currency=KRW#list-toolbar\">판매 중만</a>"))
            #expect(html.contains("<a class=\"chip\" href=\"/products?per_page=10&amp;view=list#list-toolbar\">모든 통화</a>"))
            #expect(html.contains("<a class=\"chip\" href=\"/products?per_page=10&amp;view=list&amp;currency=KRW#list-toolbar\" aria-current=\"true\">원화</a>"))
            #expect(!html.contains("page=2&amp;per_page=10&amp;view=list&amp;sort="), "a new order does not keep the page")
        }
    }

    @Test func aChosenOrderAndFilterAreMarkedAndHonoured() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?sort=price_asc&stock=in&currency=KRW&per_page=100", method: .get)
            let html = response.text
            #expect(html.contains("aria-current=\"true\">낮은 가격순</a>"))
            #expect(html.contains("<a class=\"chip\" href=\"/products?per_page=100&amp;sort=price_asc&amp;currency=KRW#list-toolbar\" aria-current=\"true\">판매 중만</a>"),
                "choosing the chosen filter again takes it off")
            let won = html.allCaptures(#"<span class="visually-hidden">판매가 </span>([\d,]+)원</strong>"#).compactMap { Int($0.replacingOccurrences(of: ",", with: "")) }
            #expect(won.count == response.productCardCount && won.count > 5)
            #expect(won == won.sorted(), "cheapest first: \(won)")
            #expect(!html.contains("is-sold-out"), "sold-out products are left out")
            #expect(!html.contains("$"), "dollar products are left out")
        }
    }

    /// The header's search on the list page shows the words and keeps the order, filters, view and page size.
    @Test func theHeaderSearchKeepsTheListsStateButThePage() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?q=%EC%BA%A0%ED%95%91&page=1&per_page=10&view=list&sort=price_desc&stock=in", method: .get)
            let form = try #require(response.firstCapture(#"(<form class="search site-search"[\s\S]*?</form>)"#))
            #expect(form.contains("action=\"/products\""))
            #expect(form.contains("<input type=\"search\" id=\"search-q\" name=\"q\" value=\"캠핑\""))
            for (name, value) in [("per_page", "10"), ("view", "list"), ("sort", "price_desc"), ("stock", "in")] {
                #expect(form.contains("<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"), "\(name)")
            }
            #expect(!form.contains("name=\"page\""))
            #expect(response.occurrences(of: "id=\"search-q\"") == 1)
            // Other pages have the same search box, empty.
            let product = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let detail = try await client.execute(uri: SiteURLs.product(product.id), method: .get)
            #expect(detail.text.contains("<input type=\"search\" id=\"search-q\" name=\"q\" value=\"\""))
        }
    }

    @Test func aFilterThatMatchesNothingOffersTheWholeList() throws {
        let renderer = try PageRenderer(templatesDirectory: PageRenderingTests.templatesDirectory)
        let empty = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 0, products: [])
        let page = ProductListPage(
            context: SamplePages.context(.korean, flash: nil), query: ListQuery(inStockOnly: true, currency: .usd), view: .grid, page: empty)
        let html = try renderer.library.render(page, template: ProductListPage.templateName)
        #expect(html.contains("<h2>조건에 맞는 상품이 없습니다.</h2>"))
        #expect(html.contains("<a href=\"/products\">전체 상품 보기</a>"))
        #expect(!html.contains("아직 등록된 상품이 없습니다."))
    }
}
