import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/products/{id}`: gallery, price block, stock, description as text, and real 404 pages.
@Suite("Product detail page", .timeLimit(.minutes(10)))
struct ProductDetailTests {
    @Test func detailShowsNameVendorAndDiscountedPriceBlock() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let response = try await client.execute(uri: SiteURLs.product(camera.id), method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1>Vintage Film Camera</h1>"))
            // The seller is the nickname the sample was listed under, not the market's vendor id.
            #expect(html.contains("<p class=\"seller-name\">Jamie</p>") && !html.contains(camera.vendor.name))
            // 129.99 with 15.50 off: the original struck through, the sale price, and 11 % (rounded down).
            #expect(html.contains("<del class=\"original-price\"><span class=\"visually-hidden\">정가 </span>$129.99</del>"))
            #expect(html.contains("<span class=\"discount-rate\">11% 할인</span>"))
            #expect(html.contains("<span class=\"visually-hidden\">판매가 </span>$114.49</strong>"))
            #expect(html.contains("1개 남음"))
            #expect(html.contains("<span class=\"gallery-counter\">1 / 5</span>"))
        }
    }

    @Test func sharedLinksPreviewWithAbsoluteOpenGraphTagsOnAVerifiedOrigin() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let port = try #require(client.port)
            func page(host: String) async throws -> String {
                let socket = try await RawSocket.connect(port: port)
                try await socket.send("GET /products/\(camera.id) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                return await socket.receiveUntilClosed(timeout: .seconds(15)).text
            }
            let origin = "http://localhost:\(port)"
            let html = try await page(host: "localhost:\(port)")
            #expect(html.contains("<meta property=\"og:title\" content=\"Vintage Film Camera\">"))
            #expect(html.contains("<meta property=\"og:url\" content=\"\(origin)/products/\(camera.id)\">"))
            #expect(html.contains("<link rel=\"canonical\" href=\"\(origin)/products/\(camera.id)\">"))
            // The price the buyer pays, the discount, the stock, then the description.
            let description = try #require(html.firstCapture(#"<meta property="og:description" content="([^"]*)">"#))
            #expect(description.hasPrefix("$114.49 · 11% 할인 · 1개 남음 · "), "\(description)")
            let image = try #require(html.firstCapture(#"<meta property="og:image" content="([^"]*)">"#))
            #expect(image.hasPrefix(origin + "/images/"))
            // The photo the tag names is served.
            let photo = try await client.execute(uri: String(image.dropFirst(origin.count)), method: .get)
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType]?.hasPrefix("image/") == true)

            // A Host we do not answer to never reaches a URL: the address the connection reached is used instead.
            let forged = try await page(host: "evil.example")
            #expect(forged.hasPrefix("HTTP/1.1 200"))
            #expect(!forged.contains("evil.example"))
            #expect(forged.contains("<meta property=\"og:url\" content=\"http://127.0.0.1:\(port)/products/\(camera.id)\">"))

            // HEAD answers as GET does, without the body.
            let get = try await client.execute(uri: SiteURLs.product(camera.id), method: .get)
            let head = try await client.execute(uri: SiteURLs.product(camera.id), method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
        }
    }

    @Test func productWithoutDiscountShowsNoStruckThroughPrice() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let response = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get)
            #expect(response.text.contains("28,000원"))
            #expect(!response.text.contains("<del class=\"original-price\""))
        }
    }

    @Test func descriptionKeepsItsLineBreaksAsPlainText() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let tent = try await MarketProbe.product(named: "캠핑 텐트 3~4인용", via: client)
            #expect(tent.description.contains("\n\n"))
            let response = try await client.execute(uri: SiteURLs.product(tent.id), method: .get)
            #expect(response.text.contains("<p class=\"description\">\(HTMLEscaper.escape(tent.description))</p>"))
            #expect(!response.text.contains("<br"))
        }
    }

    @Test func descriptionMarkupFromTheFormIsShownAsText() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            var form = try ProductUploadForm.valid(photos: 1)
            form.description = "<b>굵은 글씨</b> 설명입니다.\n둘째 줄 & 끝."
            let id = try await browser.listProduct(form)
            let response = try await browser.get(SiteURLs.product(id))
            #expect(response.text.contains("&lt;b&gt;굵은 글씨&lt;/b&gt; 설명입니다.\n둘째 줄 &amp; 끝."))
            #expect(!response.text.contains("<b>굵은"))
        }
    }

    @Test func soldOutProductSaysSoInText() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let watch = try await MarketProbe.product(named: "빈티지 손목시계", via: client)
            #expect(watch.stock == 0)
            let response = try await client.execute(uri: SiteURLs.product(watch.id), method: .get)
            #expect(response.text.contains("<p class=\"stock sold-out\">품절</p>"))
        }
    }

    @Test func photoParameterSelectsThePhotoAndMarksItsThumbnail() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let response = try await client.execute(uri: SiteURLs.product(camera.id) + "?photo=2", method: .get)
            #expect(response.status == .ok)
            #expect(response.text.contains("<span class=\"gallery-counter\">2 / 5</span>"))
            #expect(response.occurrences(of: "aria-current=\"true\"") == 1)
            let current = try #require(response.firstCapture(#"(<a href="[^"]*" data-photo-index="\d+"[^>]*aria-current="true">)"#))
            #expect(current.contains("data-photo-index=\"2\""))
            #expect(current.contains("href=\"/products/\(camera.id)?photo=2#gallery\""))
            // The main photo is the second image at full size.
            let secondPath = try #require(URL(string: camera.images[1].url)?.path)
            let main = try #require(response.firstCapture(#"<figure class="gallery-main">[\s\S]*?(<img [^>]*>)"#))
            #expect(main.hasPrefix("<img src=\"\(secondPath)\""))
            #expect(main.contains("alt=\"Vintage Film Camera 사진 2/5\" width=\"640\""))
        }
    }

    @Test(arguments: ["0", "7", "99", "x"])
    func outOfRangePhotoFallsWithinTheGallery(photo: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let response = try await client.execute(uri: SiteURLs.product(camera.id) + "?photo=\(photo)", method: .get)
            #expect(response.status == .ok)
            let counter = try #require(response.firstCapture(#"<span class="gallery-counter">(\d) / 5</span>"#))
            #expect(["1", "5"].contains(counter))
        }
    }

    /// Previous and next are links round the ends, so the gallery works without script; one photo has none.
    @Test func galleryStepsAreLinksRoundTheEnds() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let first = try await client.execute(uri: SiteURLs.product(camera.id), method: .get)
            #expect(first.text.contains("<a class=\"gallery-step gallery-previous\" href=\"/products/\(camera.id)?photo=5#gallery\">"))
            #expect(first.text.contains("<a class=\"gallery-step gallery-next\" href=\"/products/\(camera.id)?photo=2#gallery\">"))
            let last = try await client.execute(uri: SiteURLs.product(camera.id) + "?photo=5", method: .get)
            #expect(last.text.contains("<a class=\"gallery-step gallery-previous\" href=\"/products/\(camera.id)?photo=4#gallery\">"))
            #expect(last.text.contains("<a class=\"gallery-step gallery-next\" href=\"/products/\(camera.id)?photo=1#gallery\">"))
            #expect(last.text.contains("<span class=\"gallery-counter\">5 / 5</span>"))
            let mugs = try await MarketProbe.product(named: "머그컵 2개 세트", via: client)
            let single = try await client.execute(uri: SiteURLs.product(mugs.id), method: .get)
            #expect(!single.text.contains("gallery-step"))
            #expect(!single.text.contains("gallery-counter"))
        }
    }

    /// Sold out is said in words and shown on the photo, which is greyed; in stock, neither.
    @Test func soldOutIsMarkedOnThePhotoAndInWords() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let watch = try await MarketProbe.product(named: "빈티지 손목시계", via: client)
            #expect(watch.stock == 0)
            let response = try await client.execute(uri: SiteURLs.product(watch.id), method: .get)
            #expect(response.text.contains("<article class=\"product-detail is-sold-out\">"))
            #expect(response.text.contains("<span class=\"sold-out-badge\" aria-hidden=\"true\">품절</span>"))
            #expect(response.text.contains("<p class=\"stock sold-out\">품절</p>"))
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let inStock = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get)
            #expect(inStock.text.contains("<article class=\"product-detail\">"))
            #expect(!inStock.text.contains("sold-out"))
            // The list marks the same cards.
            let list = try await client.execute(uri: "/products?per_page=100", method: .get)
            #expect(list.occurrences(of: "<li class=\"product-card is-sold-out\"") == 3)
            #expect(list.occurrences(of: "<span class=\"sold-out-badge\" aria-hidden=\"true\">품절</span>") == 3)
        }
    }

    /// Shoppers see no edit or delete buttons: the seller finds them in a disclosure at the bottom.
    @Test func editAndDeleteAreInTheSellersDisclosure() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let html = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get).text
            let disclosure = try #require(html.firstCapture(#"(<details class="manage-listing">[\s\S]*?</details>)"#))
            #expect(disclosure.contains("<summary>내 상품 관리</summary>"))
            #expect(disclosure.contains("href=\"/products/\(lantern.id)/edit\""))
            #expect(disclosure.contains("href=\"/products/\(lantern.id)/delete\""))
            let outside = html.replacingOccurrences(of: disclosure, with: "")
            #expect(!outside.contains("/products/\(lantern.id)/edit") && !outside.contains("/products/\(lantern.id)/delete"))
        }
    }

    @Test(arguments: ["/products/9999", "/products/abc", "/products/0", "/products/-3"])
    func unknownOrMalformedIDIsAn404Page(path: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("페이지를 찾을 수 없습니다"))
            #expect(response.text.contains("<a href=\"/products\">상품 목록으로</a>"))
            // A search of the market, the likeliest way to what was looked for, besides the header's; other errors have none.
            #expect(response.text.contains("<form class=\"search\" role=\"search\" method=\"get\" action=\"/products\">"))
            #expect(response.text.contains("id=\"error-search-q\""))
            #expect(response.text.contains("name=\"q\""))
        }
    }

    @Test(arguments: [
        // The list it came from: search, page, order and view kept, rewritten through the list's own parameters.
        ("http://127.0.0.1:8080/products?q=%EB%9E%9C%ED%84%B4&page=1&view=list", "/products?q=%EB%9E%9C%ED%84%B4&amp;view=list#p-"),
        ("http://localhost:8080/products?page=2&sort=price_asc&per_page=10", "/products?page=2&amp;per_page=10&amp;sort=price_asc#p-"),
        ("http://127.0.0.1:8080/?page=2", "/products?page=2#p-"),
        // Anything else: the plain list.
        ("http://127.0.0.1:8080/admin/products?q=x", "/products#p-"),
        ("not a url at all", "/products#p-"),
        ("http://127.0.0.1:8080/products?q=%22%3E%3Cscript%3E", "/products?q=%22%3E%3Cscript%3E#p-"),
    ])
    func backToListReturnsToTheListItCameFrom(referer: String, expected: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let response = try await client.execute(uri: SiteURLs.product(lantern.id), method: .get, headers: [.referer: referer])
            let back = try #require(response.firstCapture(#"<a href="([^"]*)">목록으로</a>"#))
            #expect(back == expected + "\(lantern.id)")
            #expect(!response.text.contains("<script>"))
        }
    }

    @Test func errorsOtherThanNotFoundOfferNoSearch() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            // A form posted without its CSRF token: 403.
            let response = try await client.execute(uri: "/products/1/delete", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(response.status == .forbidden)
            // The header's search is on every page; the page itself offers none.
            #expect(response.text.components(separatedBy: "role=\"search\"").count - 1 == 1)
            #expect(!response.text.contains("error-search-q"))
        }
    }
}
