import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/sellers/{id}` and the seller block of a product page, over a real socket.
@Suite("Seller pages", .timeLimit(.minutes(10)))
struct SellerPageTests {
    @Test func theProductPageNamesTheSellerAndLinksToTheirProducts() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let page = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get)
            #expect(page.text.contains("<section class=\"seller-block\" aria-labelledby=\"seller-heading\">"))
            // Listed under a nickname: named by it, leading to what was listed under it (see `SecondHandStorefrontTests`).
            #expect(page.text.contains("<p class=\"seller-name\">주말캠퍼</p>"))
            #expect(page.text.contains("<a class=\"seller-link\" href=\"\(SiteURL.sellerNamed("주말캠퍼").link)\">판매자의 다른 상품</a>"))
        }
    }

    /// The test vendor has 20 of the 24 sample products; three more make two pages, which "다음" and "이전" walk.
    @Test func aSellersProductsArePagedNewestFirstByKey() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            var browser = StorefrontBrowser(client)
            for number in 1...3 {
                var form = try ProductUploadForm.valid(photos: 1)
                form.name = "판매자 페이지 상품 \(number)"
                _ = try await browser.listProduct(form)
            }
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let all = try await MarketProbe.products(via: client).filter { $0.vendorID == lantern.vendorID }.map(\.id)
            #expect(all.count == 23)

            let first = try await browser.get("/sellers/\(lantern.vendorID)")
            #expect(first.status == .ok)
            #expect(first.text.contains("<h1>\(SellerDisplay.name(ofVendor: lantern.vendor.name))</h1>"))
            #expect(first.text.contains("상품 23개"))
            #expect(first.productCardCount == 20)
            #expect(!first.text.contains("rel=\"prev\""))
            let next = try #require(first.firstCapture(#"<a href="([^"]+)" rel="next">"#))
            #expect(next == "/sellers/\(lantern.vendorID)?before=\(all[19])")

            let second = try await browser.get(next)
            #expect(second.productCardCount == 3)
            #expect(!second.text.contains("rel=\"next\""))
            let shown = (first.text + second.text).matches(of: /<li class="product-card[^"]*" id="p-(\d+)">/).compactMap { Int($0.output.1) }
            #expect(shown == all)
            let previous = try #require(second.firstCapture(#"<a href="([^"]+)" rel="prev">"#))
            let back = try await browser.get(previous)
            #expect(back.productCardCount == 20)
            #expect(back.text.contains("id=\"p-\(all[0])\"") && back.text.contains("id=\"p-\(all[19])\""))

            // A link past the end leads back to the first page rather than showing nothing.
            let stale = try await browser.get("/sellers/\(lantern.vendorID)?before=\(try #require(all.last))")
            #expect(stale.status == .ok && stale.productCardCount == 0)
            #expect(stale.text.contains("이 페이지에는 상품이 없습니다."))
            #expect(stale.text.contains("href=\"/sellers/\(lantern.vendorID)\""))
        }
    }

    @Test func anUnknownSellerIsANotFoundPage() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            for path in ["/sellers/987654", "/sellers/0", "/sellers/abc", "/sellers/-2"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.text.contains("페이지를 찾을 수 없습니다"), "\(path)")
            }
        }
    }

    /// No OpenMarket API lists by vendor: the remote storefront names the seller, links nowhere, and has no seller pages.
    @Test func remoteModeNamesTheSellerWithoutALinkAndHasNoSellerPages() async throws {
        let upstream = try await buildApplication(TestSupport.configuration())
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let app = try await buildApplication(TestSupport.configuration(backend: .remote(url)))
            try await app.stoppableTest(.live) { client in
                let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstreamClient)
                let page = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get)
                #expect(page.status == .ok)
                // The upstream's vendor is the configured one the front end named `vendor_…`: shown as a person's kind of name.
                #expect(lantern.vendor.name.hasPrefix("vendor_"))
                #expect(page.text.contains("<p class=\"seller-name\">새봄마켓</p>"))
                #expect(!page.text.contains("/sellers/"))
                #expect(!page.text.contains("판매자의 다른 상품"))
                let sellers = try await client.execute(uri: "/sellers/\(lantern.vendorID)", method: .get)
                #expect(sellers.status == .notFound)

                // Likes and history work product by product through the client, and forget deleted products too.
                var browser = StorefrontBrowser(client)
                try await browser.get(SiteURLs.product(lantern.id))
                try await browser.post("/products/\(lantern.id)/like", fields: [("liked", "1")])
                browser.cookies["likes"] = "\(lantern.id).987654"
                let likes = try await browser.get("/likes")
                #expect(likes.productCardCount == 1 && likes.text.contains("id=\"p-\(lantern.id)\""))
                #expect(browser.cookies["likes"] == String(lantern.id))
                #expect(try await browser.get("/").text.contains("<section class=\"product-strip\""))
            }
        }
    }
}
