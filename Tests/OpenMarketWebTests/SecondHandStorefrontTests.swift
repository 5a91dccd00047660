import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The storefront speaks second-hand: cards that say what a buyer looks at, sellers named by the nickname they chose,
/// a short upload form, a like count per product, and the week's popular searches.
@Suite("Second-hand storefront", .timeLimit(.minutes(10)))
struct SecondHandStorefrontTests {
    /// The card of product `id` in a page's HTML.
    static func card(_ html: String, id: Int) -> String? {
        guard let start = html.range(of: #"id="p-\#(id)">"#),
            let open = html.range(of: "<li", options: .backwards, range: html.startIndex..<start.lowerBound),
            let end = html.range(of: "</li>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.lowerBound..<end.upperBound])
    }

    @Test func cardsShowBoldPriceAQuietPriceDropStockOnlyWhenItMattersAndWhoSellsSinceWhen() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let products = try await MarketProbe.products(via: client)
            func id(_ name: String) throws -> Int { try #require(products.first { $0.name == name }).id }
            let korean = try await client.execute(uri: "/products?per_page=100", method: .get).text
            let english = try await client.execute(uri: "/products?per_page=100", method: .get, headers: [.acceptLanguage: "en"]).text

            // 원목 의자: 45,000 less 5,000, two left, listed as 초록소파 three days ago.
            let chair = try #require(Self.card(korean, id: try id("원목 의자")))
            #expect(chair.contains(#"<strong class="sale-price"><span class="visually-hidden">판매가 </span>40,000원</strong>"#))
            #expect(chair.contains(#"<span class="price-drop">가격 내림 <del class="original-price"><span class="visually-hidden">정가 </span>45,000원</del></span>"#))
            #expect(!chair.contains("%"), "a lowered price says so quietly, without a rate")
            #expect(chair.contains(#"<p class="stock">2개 남음</p>"#))
            #expect(chair.contains(#"<span class="card-seller">초록소파</span> · <time datetime="#) && chair.contains(">3일 전</time>"))
            let englishChair = try #require(Self.card(english, id: try id("원목 의자")))
            #expect(englishChair.contains(#"<span class="price-drop">Price dropped <del class="original-price">"#))
            #expect(englishChair.contains(#"<p class="stock">2 left</p>"#))
            #expect(englishChair.contains(#"<span class="card-seller">초록소파</span> · "#))

            // One of a kind: no stock line at all; sold out: said in words.
            let camera = try #require(Self.card(korean, id: try id("Vintage Film Camera")))
            #expect(!camera.contains(#"class="stock"#))
            #expect(camera.contains("가격 내림"))
            let lamp = try #require(Self.card(korean, id: try id("스탠드 조명")))
            #expect(lamp.contains(#"<p class="stock sold-out">품절</p>"#))
            let lantern = try #require(Self.card(korean, id: try id("캠핑용 랜턴")))
            #expect(!lantern.contains("가격 내림") && !lantern.contains("<del"))
            #expect(lantern.contains("14개 남음"))

            // The market's vendor ids are never what people read.
            for page in [korean, english] {
                #expect(!page.contains("demo_vendor") && !page.contains("neighbor_vendor"))
            }
            let neighbors = products.filter { $0.vendorName == "neighbor_vendor" }
            #expect(!neighbors.isEmpty, "the API's vendor identities stay")
            for product in neighbors.prefix(2) {
                let page = try await client.execute(uri: "/products/\(product.id)", method: .get).text
                #expect(!page.contains("neighbor_vendor") && page.contains(#"<p class="seller-name">"#))
            }
        }
    }

    @Test func aListingIsShownUnderItsSellersNicknameAndLeadsToTheirOtherListings() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            var browser = StorefrontBrowser(client)
            var form = try ProductUploadForm.valid(photos: 1)
            form.sellerName = "  찻잔   공방 "
            let first = try await browser.listProduct(form)
            form.name = "손으로 빚은 접시"
            form.sellerName = "찻잔 공방"
            let second = try await browser.listProduct(form)
            form.name = "다른 사람의 컵"
            form.sellerName = "옆동네 도예가"
            let other = try await browser.listProduct(form)

            let page = try await browser.get(SiteURLs.product(first))
            #expect(page.text.contains(#"<p class="seller-name">찻잔 공방</p>"#), "spaces are made single, so the same name finds the same listings")
            let link = try #require(page.text.firstCapture(#"<a class="seller-link" href="([^"]+)""#))
            #expect(link == SiteURL.sellerNamed("찻잔 공방").link)
            let list = try await browser.get(link.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(list.status == .ok)
            #expect(list.text.contains("<h1>찻잔 공방</h1>"))
            #expect(list.productCardCount == 2)
            #expect(list.text.contains(#"id="p-\#(second)""#) && list.text.contains(#"id="p-\#(first)""#))
            #expect(!list.text.contains(#"id="p-\#(other)""#))
            #expect(list.text.range(of: "p-\(second)")!.lowerBound < list.text.range(of: "p-\(first)")!.lowerBound, "newest first")

            // A sample seller's other listings.
            let sofa = try await browser.get(SiteURL.sellerNamed("초록소파").link)
            #expect(sofa.productCardCount == 3)
            // A name nobody used lists nothing; a name that cannot be one is no page.
            #expect(try await browser.get(SiteURL.sellerNamed("아무도안쓴이름").link).text.contains("이 판매자가 올린 상품이 없습니다."))
            #expect(try await browser.get("/sellers?name=%E2%80%AE").status == .notFound)
        }
    }

    @Test(arguments: [(nil as String?, "판매자 닉네임은 2–20자로 입력해 주세요."), ("가", "판매자 닉네임은 2–20자로 입력해 주세요."),
                      ("햇살\u{202E}가득", "판매자 닉네임에는 보이지 않는 문자를 쓸 수 없습니다."),
                      (String(repeating: "가", count: 21), "판매자 닉네임은 2–20자로 입력해 주세요.")])
    func theUploadFormRefusesAMissingOrUnfitNicknameAndListsNothing(nickname: String?, message: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 1)
            form.sellerName = nickname
            let before = try await MarketProbe.products(via: client).count
            let response = try await browser.upload(form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(message))
            #expect(response.text.contains(#"id="field-seller_name""#) && response.text.contains(#"aria-invalid="true""#))
            #expect(try await MarketProbe.products(via: client).count == before)
        }
    }

    @Test func theUploadFormAsksForPhotosTitlePriceAndDescriptionFirstAndFoldsTheRest() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            var browser = StorefrontBrowser(client)
            let page = try await browser.get(SiteURLs.newProduct).text
            let order = [#"id="field-images""#, #"id="field-name""#, #"id="field-price""#, #"id="field-description""#, #"id="field-seller_name""#,
                         #"id="field-password""#, #"<details class="more-settings">"#, #"id="field-stock""#, #"id="field-discounted_price""#,
                         #"id="field-currency""#, #"class="form-actions""#]
            let positions = try order.map { try #require(page.range(of: $0), "\($0)").lowerBound }
            #expect(positions == positions.sorted())
            #expect(page.contains("<summary>추가 설정 "))
            // The market's three-character rule is said before anyone fails it.
            #expect(page.contains("마켓(OpenMarket)이 3자보다 짧은 상품명은 받지 않습니다."))

            // A folded field with an error opens its fold, so the summary's link leads somewhere visible.
            var form = try ProductUploadForm.valid(photos: 1)
            form.discountedPrice = "99999"
            let refused = try await browser.upload(form)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<details class="more-settings" open>"#))
            // A plain listing's defaults stay folded after an error elsewhere.
            var plain = try ProductUploadForm.valid(photos: 1)
            plain.stock = "1"
            plain.name = "가"
            let short = try await browser.upload(plain)
            #expect(short.status == .unprocessableContent)
            #expect(short.text.contains(#"<details class="more-settings">"#))
        }
    }

    @Test func likesFromManyVisitorsAtOnceAreCountedOnTheProductAndTheButtonSaysWhetherYouLikeIt() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let id = try #require(try await MarketProbe.products(via: client).first).id
            let fresh = try await client.execute(uri: SiteURLs.product(id), method: .get).text
            #expect(fresh.contains(#"<span class="like-icon" aria-hidden="true">♡</span> <span class="like-label">찜</span> <span class="like-tally">0</span>"#))
            // Twelve visitors like it at once, each from their own browser.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        var visitor = StorefrontBrowser(client)
                        try await visitor.get(SiteURLs.product(id))
                        let liked = try await visitor.post("/products/\(id)/like", fields: [("liked", "1")])
                        #expect(liked.status == .seeOther)
                        // Sent again, it counts nothing more.
                        try await visitor.post("/products/\(id)/like", fields: [("liked", "1")])
                    }
                }
                try await group.waitForAll()
            }
            var mine = StorefrontBrowser(client)
            try await mine.get(SiteURLs.product(id))
            try await mine.post("/products/\(id)/like", fields: [("liked", "1")])
            let liked = try await mine.get(SiteURLs.product(id)).text
            #expect(liked.contains(#"<span class="like-icon" aria-hidden="true">♥</span> <span class="like-label">찜함</span> <span class="like-tally">13</span>"#))
            // The visitor's own list count is beside it, and the phone bar sends the same form.
            #expect(liked.contains("찜 목록 1개"))
            #expect(liked.contains(#"<button type="submit" form="like-form" class="like-button phone-bar-like" aria-pressed="true">"#))
            // The script's answer carries the product's count too.
            let json = try await mine.post("/products/\(id)/like", fields: [("liked", "0")], headers: [.accept: "application/json"])
            #expect(json.text.contains(#""productLikes":12"#) && json.text.contains(#""label":"찜""#))
            let other = try await client.execute(uri: SiteURLs.product(id), method: .get).text
            #expect(other.contains(#"<span class="like-tally">12</span>"#))
        }
    }

    @Test func theHomePageShowsTheWeeksPopularSearchesThatFoundSomething() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            // (The home page reads the list at most once a minute: this one's first read comes after the searches.)
            for _ in 0..<3 { _ = try await client.execute(uri: "/products?q=%EC%BA%A0%ED%95%91", method: .get) }  // 캠핑
            _ = try await client.execute(uri: "/products?q=%EC%BA%A0%ED%95%91&page=2", method: .get)
            for _ in 0..<5 { _ = try await client.execute(uri: "/products?q=010-1234-5678", method: .get) }  // finds nothing
            _ = try await client.execute(uri: "/products?q=%EC%9D%98%EC%9E%90", method: .get)  // 의자, once
            let results = try await client.execute(uri: "/products?q=%EC%BA%A0%ED%95%91", method: .get).text
            #expect(results.contains("<h1>‘캠핑’ 검색 결과</h1>"), "the heading says what was searched")
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<a class="chip" href="/products?q=%EC%BA%A0%ED%95%91">캠핑</a>"#))
            #expect(!home.contains("010-1234-5678"), "a search that found nothing is not shown to others")
            #expect(!home.contains(">의자</a>"), "a word searched once is not shown")
            let list = try await client.execute(uri: "/products", method: .get).text
            #expect(!list.contains("popular-searches"), "only the home page shows them")
        }
    }
}
