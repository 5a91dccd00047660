import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Likes (찜) and recently viewed products, kept in the visitor's cookies, over a real socket.
@Suite("Likes and recently viewed", .timeLimit(.minutes(10)))
struct VisitorListsTests {
    static func withLiveApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in try await test(client) }
    }

    /// The ids of the sample products, newest first.
    static func productIDs(_ client: any TestClientProtocol) async throws -> [Int] {
        try await MarketProbe.products(via: client).map(\.id)
    }

    @Test func aLikeWithoutScriptIsAFormPostThatComesBackToTheProductAndShowsInTheList() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            let page = try await browser.get(SiteURLs.product(ids[2]))
            #expect(page.text.contains(#"<button type="submit" class="like-button" aria-pressed="false">"#))
            #expect(page.text.contains(#"<form class="like-form" id="like-form" method="post" action="/products/\#(ids[2])/like">"#))
            // The visitor's CSRF token is the layout's, tied to the form by its id (the content is kept for all visitors).
            #expect(page.text.contains(#"" form="like-form">"#) && page.text.contains(#"<input type="hidden" name="_csrf" value=""#))

            let liked = try await browser.post("/products/\(ids[2])/like", fields: [("liked", "1")])
            #expect(liked.status == .seeOther)
            #expect(liked.location == SiteURLs.product(ids[2]))
            let cookie = try #require(liked.setCookie("likes"))
            #expect(cookie.hasPrefix("likes=\(ids[2]);"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))

            let back = try await browser.get(SiteURLs.product(ids[2]))
            #expect(back.text.contains("찜 목록에 담았습니다."))
            #expect(back.text.contains(#"aria-pressed="true""#))
            #expect(back.text.contains(#"<input type="hidden" name="liked" value="0">"#))
            #expect(back.text.contains("찜 목록 1개"))

            try await browser.post("/products/\(ids[5])/like", fields: [("liked", "1")])
            let list = try await browser.get("/likes")
            #expect(list.status == .ok)
            #expect(list.productCardCount == 2)
            // The latest like first.
            let first = try #require(list.text.range(of: "id=\"p-\(ids[5])\""))
            let second = try #require(list.text.range(of: "id=\"p-\(ids[2])\""))
            #expect(first.lowerBound < second.lowerBound)
            #expect(list.text.contains("찜한 상품 2개"))

            // Sending the same form twice does not undo it; taking the like back does.
            try await browser.post("/products/\(ids[5])/like", fields: [("liked", "1")])
            #expect(browser.cookies["likes"] == "\(ids[5]).\(ids[2])")
            let undone = try await browser.post("/products/\(ids[5])/like", fields: [("liked", "0")])
            #expect(undone.status == .seeOther)
            #expect(browser.cookies["likes"] == "\(ids[2])")
            try await browser.post("/products/\(ids[2])/like", fields: [("liked", "0")])
            #expect(browser.cookies["likes"] == nil)
            let empty = try await browser.get("/likes")
            #expect(empty.productCardCount == 0)
            #expect(empty.text.contains("아직 찜한 상품이 없습니다."))
        }
    }

    @Test func theScriptGetsTheNewStateAsJSONInTheVisitorsLanguage() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client, headers: [.acceptLanguage: "en"])
            try await browser.get(SiteURLs.product(ids[0]))
            let response = try await browser.post("/products/\(ids[0])/like", fields: [("liked", "1")], headers: [.accept: "application/json"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.text == #"{"liked":true,"count":1,"countText":"Your likes: 1","label":"Liked","productLikes":1,"productLikesText":"1","message":"Added to your likes."}"#)
            #expect(browser.cookies["likes"] == String(ids[0]))
        }
    }

    @Test func theLikesCookieKeepsAHundredDroppingTheOldestAndIgnoresWhatIsNotAnID() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.product(ids[0]))
            // A hundred likes, the newest first, with rubbish and a repeat among them.
            let kept = (1...100).map { 900_000 + $0 }
            browser.cookies["likes"] = (["x", "-5", "0", String(kept[0]), "1e3"] + kept.map(String.init) + ["007x"]).joined(separator: ".")
            try await browser.post("/products/\(ids[0])/like", fields: [("liked", "1")])
            let stored = try #require(browser.cookies["likes"]).split(separator: ".").compactMap { Int($0) }
            #expect(stored.count == 100)
            #expect(stored == [ids[0]] + kept.prefix(99))
        }
    }

    @Test func deletedProductsLeaveTheListsAndTheCookiesOnTheNextVisit() async throws {
        try await Self.withLiveApp { client in
            let tent = try await MarketProbe.product(named: "캠핑 텐트 3~4인용", via: client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            for product in [tent, lantern] {
                try await browser.get(SiteURLs.product(product.id))
                try await browser.post("/products/\(product.id)/like", fields: [("liked", "1")])
            }
            #expect(browser.cookies["recent"] == "\(lantern.id).\(tent.id)")
            try await browser.get(SiteURLs.delete(tent.id))
            let deleted = try await browser.post(SiteURLs.delete(tent.id), fields: [("password", TestSupport.vendor.secret)])
            try #require(deleted.status == .seeOther)

            let likes = try await browser.get("/likes")
            #expect(likes.status == .ok)
            #expect(likes.productCardCount == 1 && likes.text.contains("id=\"p-\(lantern.id)\""))
            #expect(browser.cookies["likes"] == String(lantern.id))
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("최근 본 상품"))
            #expect(!home.text.contains("href=\"/products/\(tent.id)\""))
            #expect(browser.cookies["recent"] == String(lantern.id))
            // Liking a product that does not exist is refused, and the cookie stays as it was.
            let gone = try await browser.post("/products/\(tent.id)/like", fields: [("liked", "1")])
            #expect(gone.status == .notFound)
            #expect(gone.setCookie("likes") == nil)
        }
    }

    @Test func formsWithoutTheTokenAreRefusedAndChangeNoCookie() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.product(ids[1]))
            let like = try await browser.post("/products/\(ids[1])/like", fields: [("_csrf", ""), ("liked", "1")])
            #expect(like.status == .forbidden)
            #expect(like.text.contains("보안 확인에 실패했습니다"))
            #expect(like.setCookie("likes") == nil)
            let clear = try await browser.post("/recent/clear", fields: [("_csrf", String(repeating: "ab", count: 32))])
            #expect(clear.status == .forbidden)
            #expect(clear.setCookie("recent") == nil)
            #expect(browser.cookies["recent"] == String(ids[1]))
            let forged = try await browser.post("/products/\(ids[1])/like", fields: [("liked", "1")], headers: [.origin: "http://evil.example"])
            #expect(forged.status == .forbidden)
            let nonsense = try await browser.post("/products/\(ids[1])/like", fields: [("liked", "yes")])
            #expect(nonsense.status == .badRequest)
            #expect(nonsense.setCookie("likes") == nil)
        }
    }

    @Test func viewsAreRecordedMostRecentFirstWithoutRepeatsAndTwentyAtMost() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            for id in [ids[0], ids[1], ids[2], ids[0]] { try await browser.get(SiteURLs.product(id)) }
            #expect(browser.cookies["recent"] == "\(ids[0]).\(ids[2]).\(ids[1])")
            // Viewing the latest again writes nothing.
            let again = try await browser.get(SiteURLs.product(ids[0]))
            #expect(again.setCookie("recent") == nil)

            for id in ids.prefix(22).reversed() { try await browser.get(SiteURLs.product(id)) }
            #expect(browser.cookies["recent"] == ids.prefix(20).map(String.init).joined(separator: "."))

            let home = try await browser.get("/")
            let strip = try #require(home.text.range(of: "<section class=\"product-strip\""))
            let shown = String(home.text[strip.lowerBound...]).matches(of: /<a href="\/products\/(\d+)">/).compactMap { Int($0.output.1) }
            #expect(shown == Array(ids.prefix(WebLimits.recentStripSize)))
            let recent = try await browser.get("/recent")
            #expect(recent.productCardCount == 20)
            #expect(recent.text.contains("<form class=\"clear-recent-form\" method=\"post\" action=\"/recent/clear\">"))
            // The product list itself is the same for everyone: no strip.
            #expect(try await browser.get("/products").text.contains("product-strip") == false)
        }
    }

    @Test func clearingTheHistoryRemovesTheCookieAndTheStrip() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.product(ids[3]))
            try await browser.get("/recent")
            let cleared = try await browser.post("/recent/clear", fields: [])
            #expect(cleared.status == .seeOther)
            #expect(cleared.location == "/recent")
            #expect(cleared.setCookie("recent")?.contains("Max-Age=0") == true)
            #expect(browser.cookies["recent"] == nil)
            let page = try await browser.get("/recent")
            #expect(page.text.contains("최근 본 상품 기록을 지웠습니다."))
            #expect(page.text.contains("최근 본 상품이 없습니다."))
            #expect(try await browser.get("/").text.contains("product-strip") == false)
        }
    }

    /// Pages that show a visitor's cookies are theirs alone: never kept by shared caches, and their entity tag
    /// follows what the cookies show, so a browser's copy is not reused after a change.
    @Test func pagesShowingTheCookiesArePrivateAndTheirTagFollowsTheCookie() async throws {
        try await Self.withLiveApp { client in
            let ids = try await Self.productIDs(client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.product(ids[0]))
            let before = try await browser.get("/")
            #expect(before.headers[.cacheControl] == "private, no-cache")
            let tag = try #require(before.headers[.eTag])
            #expect(try await browser.get("/", headers: [.ifNoneMatch: tag]).status == .notModified)

            try await browser.get(SiteURLs.product(ids[1]))
            let after = try await browser.get("/", headers: [.ifNoneMatch: tag])
            #expect(after.status == .ok)
            #expect(after.headers[.eTag] != tag)

            let detail = try await browser.get(SiteURLs.product(ids[1]))
            #expect(detail.headers[.cacheControl] == "private, no-cache")
            let detailTag = try #require(detail.headers[.eTag])
            try await browser.post("/products/\(ids[1])/like", fields: [("liked", "1")])
            let liked = try await browser.get(SiteURLs.product(ids[1]), headers: [.ifNoneMatch: detailTag])
            #expect(liked.status == .ok && liked.text.contains(#"aria-pressed="true""#))
            for path in ["/likes", "/recent"] {
                #expect(try await browser.get(path).headers[.cacheControl] == "private, no-cache", "\(path)")
            }
            // The list is the same for every visitor and stays shareable.
            #expect(try await browser.get("/products").headers[.cacheControl] == "no-cache")
        }
    }
}
