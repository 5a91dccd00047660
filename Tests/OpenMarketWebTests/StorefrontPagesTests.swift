import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// The product list and grid: paging in the URL, the remembered view, and search.
@Suite("Storefront list pages", .timeLimit(.minutes(10)))
struct StorefrontPagesTests {
    @Test(arguments: ["/", "/products"])
    func firstPageShowsTwentyOfTheTwentyFourProducts(path: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.productCardCount == 20)
            #expect(response.text.contains("총 24개 중 1–20"))
        }
    }

    @Test func secondPageShowsTheLastFourProductsWithoutLoadMore() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?page=2", method: .get)
            #expect(response.status == .ok)
            #expect(response.productCardCount == 4)
            #expect(response.text.contains("총 24개 중 21–24"))
            #expect(response.text.contains("2페이지, </span>2</span>"), "page 2 is the current one")
            #expect(!response.text.contains("class=\"load-more"), "no load-more link on the last page")
            #expect(!response.text.contains("rel=\"next\""))
            // Each card says when it was listed, relative to today, with the day for machines.
            let days = response.text.allCaptures(#"<time datetime="(\d{4}-\d{2}-\d{2})">[^<]+</time></p>\s*</li>"#)
            #expect(days.count == 4)
            let products = try await MarketProbe.products(via: client)
            let oldest = try #require(products.last)
            let oldestISO = Formatting(language: .korean).isoDay(oldest.createdAt)
            let oldestAgo = Formatting(language: .korean).relativeDay(oldest.createdAt)
            #expect(response.text.contains("<time datetime=\"\(oldestISO)\">\(oldestAgo)</time>"))
        }
    }

    @Test(arguments: [("5", 10, "1–10"), ("10", 10, "1–10"), ("100", 24, "1–24"), ("500", 24, "1–24"), ("abc", 20, "1–20")])
    func perPageIsClampedBetweenTenAndAHundred(perPage: String, cards: Int, range: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?per_page=\(perPage)", method: .get)
            #expect(response.status == .ok)
            #expect(response.productCardCount == cards)
            #expect(response.text.contains("총 24개 중 \(range)"))
        }
    }

    /// The embedded market sorts by what the shopper pays and filters; page links keep the choice.
    @Test func sortAndFiltersAreKeptInPageLinks() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let all = try await client.execute(uri: "/products?per_page=10&sort=price_desc&stock=in", method: .get)
            #expect(all.status == .ok)
            #expect(all.text.contains("href=\"/products?page=2&amp;per_page=10&amp;sort=price_desc&amp;stock=in\""), "\(all.text)")
            #expect(!all.text.contains("총 24개"), "sold-out sample products are left out")
            let dollars = try await client.execute(uri: "/products?currency=USD&sort=price_asc", method: .get)
            #expect(dollars.status == .ok)
            #expect(dollars.productCardCount > 0 && dollars.productCardCount < 24)
        }
    }

    /// A shared `?page=3` link that outlived some deletions must not tell people the market is empty.
    @Test func pagePastTheEndDoesNotClaimTheMarketIsEmpty() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?page=3", method: .get)
            // A redirect to the last page, a page saying there is nothing *here*, or a 404 would all do.
            #expect([200, 303, 404].contains(response.status.code))
            #expect(!response.text.contains("아직 등록된 상품이 없습니다."), "there are 24 products")
            #expect(!response.text.contains("첫 상품을 등록해 보세요."))
        }
    }

    @Test func paginationMarksTheCurrentPageAndLinksTheNextWithLoadMore() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let first = try await client.execute(uri: "/products?per_page=10", method: .get)
            #expect(first.occurrences(of: "aria-current=\"page\"") == 1)
            #expect(first.text.contains("<span aria-current=\"page\"><span class=\"visually-hidden\">1페이지, </span>1</span>"))
            #expect(first.text.contains("href=\"/products?page=2&amp;per_page=10\" aria-label=\"2페이지\""))
            #expect(first.text.contains("href=\"/products?page=3&amp;per_page=10\" aria-label=\"3페이지\""))
            #expect(first.text.contains("<a class=\"load-more button\" href=\"/products?page=2&amp;per_page=10\">더 보기</a>"))

            let middle = try await client.execute(uri: "/products?per_page=10&page=2", method: .get)
            #expect(middle.text.contains("2페이지, </span>2</span>"))
            #expect(middle.text.contains("class=\"load-more button\" href=\"/products?page=3&amp;per_page=10\""))
            #expect(middle.text.contains("rel=\"prev\""))

            let last = try await client.execute(uri: "/products?per_page=10&page=3", method: .get)
            #expect(last.productCardCount == 4)
            #expect(last.text.contains("3페이지, </span>3</span>"))
            #expect(!last.text.contains("class=\"load-more"))
        }
    }

    @Test func listViewIsRenderedAndRememberedInACookie() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let chosen = try await browser.get("/products?view=list")
            #expect(chosen.text.contains("class=\"product-list view-list\""))
            let cookie = try #require(chosen.setCookie("view"))
            #expect(cookie.hasPrefix("view=list;"))
            #expect(browser.cookies["view"] == "list")

            // Later visits without `view=` in the URL keep the list.
            let later = try await browser.get("/products")
            #expect(later.text.contains("class=\"product-list view-list\""))
            #expect(later.setCookie("view") == nil, "an unchanged choice is not set again")

            let stranger = try await client.execute(uri: "/products", method: .get)
            #expect(stranger.text.contains("class=\"product-list view-grid\""))
        }
    }

    @Test func viewSwitchLinksKeepThePageAndTheToolbarInView() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?page=2", method: .get)
            // The anchor is the toolbar the switch is in, so it stays on screen with the first product below it.
            #expect(response.text.contains("<div class=\"list-toolbar\" id=\"list-toolbar\">"))
            #expect(response.text.contains("<a href=\"/products?page=2&amp;view=grid#list-toolbar\" aria-current=\"true\">격자형</a>"))
            #expect(response.text.contains("<a href=\"/products?page=2&amp;view=list#list-toolbar\">목록형</a>"))

            let list = try await client.execute(uri: "/products?page=2&view=list", method: .get)
            #expect(list.text.contains("<a href=\"/products?page=2&amp;view=list#list-toolbar\" aria-current=\"true\">목록형</a>"))
        }
    }

    @Test(arguments: ["camera", "CAMERA", "Camera"])
    func searchIsCaseInsensitiveAndCountsItsResults(query: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?q=\(query)", method: .get)
            #expect(response.status == .ok)
            #expect(response.productCardCount == 1)
            #expect(response.text.contains("Vintage Film Camera"))
            #expect(response.text.contains("‘\(query)’ 검색 결과 1개"))
            #expect(response.text.contains("총 1개 중 1–1"))
            #expect(response.text.contains("value=\"\(query)\""), "the search box keeps the query")
            #expect(!response.text.contains("캠핑용 랜턴"))
        }
    }

    @Test func searchWithoutMatchesShowsAHelpfulEmptyState() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?q=zeppelin", method: .get)
            #expect(response.status == .ok)
            #expect(response.productCardCount == 0)
            #expect(response.text.contains("class=\"empty-state\""))
            #expect(response.text.contains("‘zeppelin’에 맞는 상품이 없습니다."))
            #expect(response.text.contains("<a href=\"/products\">전체 상품 보기</a>"))
        }
    }

    @Test func searchTextWithMarkupIsEscapedEverywhere() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", method: .get)
            #expect(response.status == .ok)
            let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
            #expect(response.text.contains("value=\"\(escaped)\""))
            #expect(response.text.contains("<h2>‘\(escaped)’에 맞는 상품이 없습니다.</h2>"))
            #expect(!response.text.contains("<script>alert"))
        }
    }
}
