import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The storefront in remote mode against a v1 server (a second instance of our own server, through its `/items`
/// and `/item` API): reads, the upload form, and both kinds of item password.
@Suite("Remote-mode storefront on a v1 upstream", .timeLimit(.minutes(10)))
struct RemoteV1StorefrontTests {
    /// The front end's hash of a product's password in `web.sqlite`, `nil` when it keeps none.
    private static func passwordHash(_ id: Int, in directory: URL) async throws -> String? {
        try await DatabaseQueue(path: directory.appending(path: "web.sqlite").path).read { db in
            try String.fetchOne(db, sql: "SELECT passwordHash FROM productPassword WHERE productId = ?", arguments: [id])
        }
    }

    /// A teacup listed through the upload form: 15000 won, 3000 off, one photo, the password `teacup-2024`.
    private static func listTeacup(_ browser: inout StorefrontBrowser) async throws -> Int {
        var form = try ProductUploadForm.valid(photos: 1)
        form.discountedPrice = "3000"
        return try await browser.listProduct(form)
    }

    @Test func listDetailAndSearchReadTheV1Upstream() async throws {
        try await V1Upstream.withFrontEnd { port, storefront in
            // Page 2 of the upstream is short: the total is known exactly.
            let list = try await storefront.execute(uri: "/products", method: .get)
            #expect(list.status == .ok)
            #expect(list.productCardCount == 20)
            #expect(list.text.contains("총 24개 중 1–20"))
            let second = try await storefront.execute(uri: "/products?page=2", method: .get)
            #expect(second.productCardCount == 4)
            #expect(second.text.contains("총 24개 중 21–24"))

            // The sale price comes back as the discount; v1 has no vendors, so no seller row.
            let bicycle = try await V1Upstream.item(named: "접이식 자전거 20인치", port: port)
            let detail = try await storefront.execute(uri: SiteURLs.product(bicycle.id) + "?photo=3", method: .get)
            #expect(detail.status == .ok)
            #expect(detail.text.contains("<h1>접이식 자전거 20인치</h1>"))
            #expect(detail.text.contains("<span class=\"gallery-counter\">3 / 5</span>"))
            #expect(detail.text.contains("<del class=\"original-price\""))
            #expect(detail.text.contains("150,000"), "the upstream's sale price, 180000 less 30000")
            #expect(!detail.text.contains("<dt>판매자</dt>"))
            let missing = try await storefront.execute(uri: SiteURLs.product(99_999), method: .get)
            #expect(missing.status == .notFound)

            // v1 cannot search: names are matched here, and the page says so.
            let search = try await storefront.execute(uri: "/products?q=자전거", method: .get)
            #expect(search.productCardCount == 1)
            #expect(search.text.contains("이 마켓(OpenMarket v1)은 검색 기능이 없어 상품 24개의 상품명에서 찾았습니다."))
            let plain = try await storefront.execute(uri: "/products", method: .get)
            #expect(!plain.text.contains("search-notice"))

            // The main photo is always the first on v1: the edit form does not offer a choice.
            let edit = try await storefront.execute(uri: SiteURLs.edit(bicycle.id), method: .get)
            #expect(edit.status == .ok)
            #expect(!edit.text.contains("thumbnail-choice"))
            #expect(edit.text.contains("이 사이트가 연결된 마켓은 등록한 뒤 사진을 바꿀 수 없습니다. 대표 사진은 첫 번째"), "the form says why photos stay")
            #expect(!edit.text.contains("name=\"images\""))
        }
    }

    @Test func theFormsPhotoReachesTheUpstreamWhichTakesTheFrontEndsSecretAsThePassword() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        let frontEndDirectory = TestSupport.temporaryDirectory()
        try await V1Upstream.withFrontEnd(upstreamDirectory: upstreamDirectory, frontEndDirectory: frontEndDirectory) { port, storefront in
            let before = try TestSupport.counts(in: upstreamDirectory)
            var browser = StorefrontBrowser(storefront)
            let id = try await Self.listTeacup(&browser)

            let stored = try #require(try await V1Upstream.item(id, port: port))
            #expect(stored.title == "손으로 빚은 찻잔")
            #expect(stored.price == 15000)
            #expect(stored.discountedPrice == 12000, "v1 keeps the sale price")
            #expect(stored.images?.count == 1)
            #expect(try TestSupport.counts(in: upstreamDirectory) == .init(products: before.products + 1, images: before.images + 1, tokens: 0))
            let landing = try await browser.get(SiteURLs.product(id))
            #expect(landing.text.contains("상품을 등록했습니다."))

            // Upstream, the item's password is the front end's secret; the seller's is kept here, hashed only.
            #expect(try await V1Upstream.accepts(password: V1Upstream.frontEndSecret, item: id, port: port))
            #expect(try await !V1Upstream.accepts(password: "teacup-2024", item: id, port: port))
            let hash = try #require(try await Self.passwordHash(id, in: frontEndDirectory))
            #expect(hash.hasPrefix("$2"))
            for file in try V1Upstream.storedBytes(in: frontEndDirectory) {
                #expect(file.data.range(of: Data("teacup-2024".utf8)) == nil, "plain password in \(file.path)")
            }
        }
    }

    @Test func theSellersPasswordEditsAndDeletesWhatTheFormListed() async throws {
        let frontEndDirectory = TestSupport.temporaryDirectory()
        try await V1Upstream.withFrontEnd(frontEndDirectory: frontEndDirectory) { port, storefront in
            var browser = StorefrontBrowser(storefront)
            let id = try await Self.listTeacup(&browser)
            let listed = try #require(try await V1Upstream.item(id, port: port))

            try await browser.get(SiteURLs.edit(id))
            let wrong = try await browser.post(
                SiteURLs.edit(id), fields: try listed.detail.editFields(password: "nope-nope", changing: ["price": "14000"]))
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("비밀번호가 맞지 않습니다"))
            #expect(try await V1Upstream.item(id, port: port) == listed)

            // A new price keeps the 3000 off: the upstream is sent the new sale price.
            let edited = try await browser.post(
                SiteURLs.edit(id), fields: try listed.detail.editFields(password: "teacup-2024", changing: ["price": "20000", "stock": "9"]))
            #expect(edited.status == .seeOther, "\(edited.text.prefix(300))")
            let updated = try #require(try await V1Upstream.item(id, port: port))
            #expect(updated.price == 20000 && updated.discountedPrice == 17000 && updated.stock == 9)
            #expect(updated.title == listed.title && updated.descriptions == listed.descriptions && updated.images == listed.images)

            try await browser.get(SiteURLs.delete(id))
            let deleted = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
            #expect(deleted.status == .seeOther)
            #expect(try await V1Upstream.item(id, port: port) == nil)
            #expect(try await Self.passwordHash(id, in: frontEndDirectory) == nil)
        }
    }

    /// An item listed by a v1 app has a password the front end never saw: the seller's is passed through for the
    /// upstream to check. Misses are counted against that item, so a few wrong guesses lock it, and only it.
    @Test func anItemListedElsewhereTakesItsOwnPasswordAndWrongOnesAreThrottled() async throws {
        try await V1Upstream.withFrontEnd { port, storefront in
            let guarded = try await V1Upstream.listElsewhere(password: "mug-pass-1", port: port)
            let other = try await V1Upstream.listElsewhere(password: "jug-pass-2", port: port)
            var browser = StorefrontBrowser(storefront)
            try await browser.get(SiteURLs.edit(guarded.id))
            let guess = try guarded.detail.editFields(password: "wrong-guess", changing: ["stock": "0"])
            for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses {
                let refused = try await browser.post(SiteURLs.edit(guarded.id), fields: guess)
                #expect(refused.status == .forbidden)
                #expect(refused.text.contains("비밀번호가 맞지 않습니다"))
            }
            // Past the free misses even the right password waits, and the upstream is not asked.
            let blocked = try await browser.post(
                SiteURLs.edit(guarded.id), fields: try guarded.detail.editFields(password: "mug-pass-1", changing: ["stock": "0"]))
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(try await V1Upstream.item(guarded.id, port: port) == guarded)

            // Another item is not locked by those misses: its own password changes and deletes it.
            let edited = try await browser.post(
                SiteURLs.edit(other.id), fields: try other.detail.editFields(password: "jug-pass-2", changing: ["stock": "2"]))
            #expect(edited.status == .seeOther, "\(edited.text.prefix(300))")
            #expect(try await V1Upstream.item(other.id, port: port)?.stock == 2)
            try await browser.get(SiteURLs.delete(other.id))
            let deleted = try await browser.post(SiteURLs.delete(other.id), fields: [("password", "jug-pass-2")])
            #expect(deleted.status == .seeOther)
            #expect(try await V1Upstream.item(other.id, port: port) == nil)
        }
    }
}
