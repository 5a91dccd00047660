import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Restoring a deleted product from its history in the console: over real HTTP, with real photos, the product
/// comes back with the very photo bytes it had, once, for staff only, while its photos are kept.
@Suite("Restore after delete", .timeLimit(.minutes(10)))
struct ProductRestoreTests {
    static func withLiveConsole(_ test: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.live) { client in try await test(client, directory) }
    }

    /// Lists a product through the storefront with three photos and the second one as its main photo.
    static func listWithThreePhotos(_ browser: inout StorefrontBrowser, via client: any TestClientProtocol) async throws -> ProductDetail {
        var form = try ProductUploadForm.valid(photos: 0)
        form.images = try PhotoDraftTests.photos(["mug-1.png", "plant-1.png", "tent-1.png"])
        form.name = "복원해 볼 찻잔"
        let id = try await browser.listProduct(form)
        let listed = try #require(try await MarketProbe.product(id, via: client))
        try await browser.get(SiteURLs.edit(id))
        let main = try await browser.post(
            SiteURLs.edit(id), fields: listed.editFields(password: form.password, changing: ["thumbnail_id": String(listed.images[1].id)]))
        try #require(main.status == .seeOther, "choosing the main photo answered \(main.status)")
        return try #require(try await MarketProbe.product(id, via: client))
    }

    static func restoreAction(_ response: TestResponse) -> String? {
        response.firstCapture(#"<form class="restore-form" method="post" action="(/admin/history/\d+/restore)">"#)
    }

    @Test func aProductDeletedByItsSellerComesBackWithTheSamePhotoBytesOnce() async throws {
        try await Self.withLiveConsole { client, directory in
            var seller = StorefrontBrowser(client)
            let product = try await Self.listWithThreePhotos(&seller, via: client)
            let photos = try await PhotoDraftTests.storedPhotos(product.id, via: client)
            try await seller.get(SiteURLs.delete(product.id))
            let deleted = try await seller.post(SiteURLs.delete(product.id), fields: [("password", "teacup-2024")])
            try #require(deleted.status == .seeOther)
            let countAfterDelete = try TestSupport.counts(in: directory).products

            var admin = try await AdminClient.signedIn(client)
            let history = try await admin.get("/admin/history?product=\(product.id)")
            let action = try #require(Self.restoreAction(history), "the delete's entry offers a restore")
            #expect(history.text.contains("까지 사진과 함께 복원할 수 있습니다."))
            let restored = try await admin.post(action, fields: [])
            #expect(restored.status == .seeOther)
            let location = try #require(restored.location)
            let newID = try #require(Int(location.replacingOccurrences(of: "/admin/products/", with: "")), "\(location)")
            #expect(newID == product.id, "restored under its old id, so links and bookmarks to it work again")
            #expect(restored.setCookie("flash")?.hasPrefix("flash=restored;") == true)

            // The same fields, the very same photo bytes in the same order, the same main photo.
            let again = try #require(try await MarketProbe.product(newID, via: client))
            #expect(again.name == product.name && again.description == product.description)
            #expect(again.price == product.price && again.currency == product.currency)
            #expect(again.discountedPrice == product.discountedPrice && again.stock == product.stock)
            #expect(try await PhotoDraftTests.storedPhotos(newID, via: client) == photos)
            #expect(again.thumbnailImageID == again.images[1].id, "the second photo is still the main one")
            #expect(try TestSupport.counts(in: directory).products == countAfterDelete + 1)

            // One product, one history: the delete says it was restored under the same id; the storefront's link works again.
            let page = try await admin.get(location)
            #expect(page.text.contains("상품을 사진과 함께 복원했습니다."))
            #expect(page.text.contains("<td class=\"col-action\" data-label=\"작업\">복원</td>"))
            #expect(!page.text.contains("삭제된 상품 #"), "nothing to link to: the restore is this product's own")
            let old = try await admin.get("/admin/history?product=\(product.id)")
            #expect(old.text.contains("<a href=\"/admin/products/\(product.id)\">복원됨 — 같은 상품 번호로</a>"))
            #expect(Self.restoreAction(old) == nil, "a restored product offers no second restore")
            #expect(try await seller.get(SiteURLs.product(product.id)).status == .ok)

            // A second restore (another tab, a double click) makes nothing and says why.
            let twice = try await admin.post(action, fields: [])
            #expect(twice.status == .conflict)
            #expect(twice.text.contains("이미 복원한 상품입니다 (상품 #\(newID)). 다시 복원하지 않았습니다."))
            #expect(try TestSupport.counts(in: directory).products == countAfterDelete + 1)

            // The seller's own password still guards the restored product.
            var owner = StorefrontBrowser(client)
            try await owner.get(SiteURLs.delete(newID))
            let wrong = try await owner.post(SiteURLs.delete(newID), fields: [("password", "not-the-password")])
            #expect(wrong.status == .forbidden)
            let right = try await owner.post(SiteURLs.delete(newID), fields: [("password", "teacup-2024")])
            #expect(right.status == .seeOther)
        }
    }

    /// The delete's entry shows the product as it was, photos included, from what was kept: to staff only, the bytes
    /// as they were, and only while they are kept.
    @Test func aDeletedProductsHistoryShowsItsKeptPhotosToStaffUntilItIsRestored() async throws {
        try await Self.withLiveConsole { client, _ in
            var seller = StorefrontBrowser(client)
            let product = try await Self.listWithThreePhotos(&seller, via: client)
            let photos = try await PhotoDraftTests.storedPhotos(product.id, via: client)
            try await seller.get(SiteURLs.delete(product.id))
            try #require(try await seller.post(SiteURLs.delete(product.id), fields: [("password", "teacup-2024")]).status == .seeOther)

            var admin = try await AdminClient.signedIn(client)
            let history = try await admin.get("/admin/history?product=\(product.id)")
            let action = try #require(Self.restoreAction(history))
            let event = try #require(action.firstMatch(of: /history\/(\d+)\/restore/).map { String($0.output.1) })
            let kept = (1...3).map { "/admin/history/\(event)/photos/\($0)" }
            // The main photo by its place and as a thumbnail, and every photo; never the market's number for it.
            #expect(history.text.contains(
                #"<span class="change-label" data-field="thumbnail_id">대표 사진</span>: 2번째 사진 <span class="history-photos"><img src="\#(kept[1])" alt="삭제된 상품의 사진 2""#))
            #expect(history.text.contains(#"<span class="change-label" data-field="images">사진</span>: 3장 <span class="history-photos">"#))
            for url in kept { #expect(history.text.contains("<img src=\"\(url)\"")) }
            #expect(!history.text.contains("대표 사진</span>: \(product.thumbnailImageID ?? -1)"))

            for (url, bytes) in zip(kept, photos) {
                let photo = try await admin.get(url)
                #expect(photo.status == .ok, "\(url)")
                #expect(Data(photo.body.readableBytesView) == bytes, "\(url): the very bytes the product had")
                #expect(photo.headers[.contentType]?.hasPrefix("image/") == true)
                #expect(photo.headers[.cacheControl] == "private, max-age=3600")
            }
            for missing in ["/admin/history/\(event)/photos/4", "/admin/history/\(event)/photos/0", "/admin/history/\(event)/photos/01"] {
                #expect(try await admin.get(missing).status == .notFound, "\(missing)")
            }
            // Someone without the staff session is sent to sign in and gets no photo.
            var visitor = StorefrontBrowser(client)
            let anonymous = try await visitor.get(kept[0])
            #expect(anonymous.status == .seeOther && anonymous.location?.hasPrefix("/admin/login") == true)
            #expect(anonymous.headers[.contentType]?.hasPrefix("image/") != true)

            // Restored, the photos are the product's again: the history no longer serves them.
            try #require(try await admin.post(action, fields: []).status == .seeOther)
            #expect(try await admin.get(kept[0]).status == .notFound)
            let after = try await admin.get("/admin/history?product=\(product.id)")
            #expect(!after.text.contains("/admin/history/\(event)/photos/"))
            #expect(after.text.contains(#"data-field="thumbnail_id">대표 사진</span>: 2번째 사진</li>"#))
        }
    }

    @Test func restoringNeedsTheStaffSessionAndTheFormToken() async throws {
        try await Self.withLiveConsole { client, directory in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.askToDelete([lantern.id])
            try #require(try await admin.confirmDelete([lantern.id]).status == .ok)
            let history = try await admin.get("/admin/history?product=\(lantern.id)")
            let action = try #require(Self.restoreAction(history), "photos of sample products are kept too")
            let before = try TestSupport.counts(in: directory).products

            // A visitor without the staff session: to the sign-in page, nothing restored.
            var visitor = StorefrontBrowser(client)
            try await visitor.get(SiteURLs.products)
            let anonymous = try await visitor.post(action, fields: [])
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.location?.hasPrefix("/admin/login") == true)
            // Staff, but a form without the token: refused.
            let forged = try await admin.browser.post(action, fields: [("_csrf", String(repeating: "0", count: 64))])
            #expect(forged.status == .forbidden)
            #expect(try TestSupport.counts(in: directory).products == before)
            // An entry that is not a delete, or no entry at all.
            #expect(try await admin.post("/admin/history/999999/restore", fields: []).status == .notFound)

            #expect(try await admin.post(action, fields: []).status == .seeOther)
            #expect(try TestSupport.counts(in: directory).products == before + 1)
        }
    }

    @Test func keptPhotosAreSweptAfterTheRetentionAndTheRestoreIsThenRefused() async throws {
        try await Self.withLiveConsole { client, directory in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.askToDelete([lantern.id])
            try #require(try await admin.confirmDelete([lantern.id]).status == .ok)
            let action = try #require(Self.restoreAction(try await admin.get("/admin/history?product=\(lantern.id)")))

            let deleted = DeletedProducts(database: try DatabasePool(path: directory.appending(path: "web.sqlite").path))
            #expect(try await deleted.sweep(now: Date().addingTimeInterval(DeletedProducts.retention - 60)) == 0, "kept for the whole period")
            #expect(try await deleted.sweep(now: Date().addingTimeInterval(DeletedProducts.retention + 60)) == 1)
            let queue = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path)
            #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM keptPhoto") } == 0)

            let history = try await admin.get("/admin/history?product=\(lantern.id)")
            #expect(Self.restoreAction(history) == nil)
            #expect(history.text.contains("<p class=\"restore-note\">"))
            let before = try TestSupport.counts(in: directory).products
            let refused = try await admin.post(action, fields: [])
            #expect(refused.status == .gone)
            #expect(refused.text.contains("<p class=\"notice\" role=\"alert\">"))
            #expect(try TestSupport.counts(in: directory).products == before)
        }
    }

    /// Remote mode: the photos are fetched from the market's own origin before the delete and sent again.
    @Test func inRemoteModeThePhotosAreKeptOnOurSideAndListedAgain() async throws {
        let upstream = try await buildApplication(TestSupport.configuration())
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            var config = TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:\(port)"))))
            config.adminPassword = AdminClient.password
            let console = try await buildApplication(config)
            try await console.stoppableTest(.live) { client in
                var admin = try await AdminClient.signedIn(client)
                let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstreamClient)
                try await admin.askToDelete([lantern.id])
                try #require(try await admin.confirmDelete([lantern.id]).status == .ok)
                #expect(try await MarketProbe.product(lantern.id, via: upstreamClient) == nil)

                // Before the restore, every place that offers it says the product will come back under a new id.
                let note = HTMLEscaping.escape(Language.korean.adminStrings[.restoreGivesNewID])
                let historyBefore = try await admin.get("/admin/history?product=\(lantern.id)")
                #expect(historyBefore.text.contains(note))
                #expect(try await admin.get("/admin/products/\(lantern.id)").text.contains("<p>\(note)</p>"))
                #expect(try await admin.get("/admin/products?status=deleted").text.contains("<p class=\"notice\">\(note)</p>"))
                let action = try #require(Self.restoreAction(historyBefore))
                let restored = try await admin.post(action, fields: [])
                #expect(restored.status == .seeOther, "\(restored.text.prefix(300))")
                let newID = try #require(restored.location.flatMap { Int($0.replacingOccurrences(of: "/admin/products/", with: "")) })
                // The API assigns ids: a new one, and the history links old → new.
                #expect(newID != lantern.id)
                let history = try await admin.get("/admin/history?product=\(lantern.id)")
                #expect(history.text.contains("<a href=\"/admin/products/\(newID)\">복원됨 → 새 상품 #\(newID)</a>"))
                let again = try #require(try await MarketProbe.product(newID, via: upstreamClient))
                #expect(again.name == lantern.name && again.price == lantern.price && again.images.count == lantern.images.count)
                #expect(try await admin.post(action, fields: []).status == .conflict)
            }
        }
    }

    /// A crash after the restore was claimed and before the market listed anything: start-up asks the market about the
    /// restore's creation key, finds nothing, and offers the restore again.
    @Test func aRestoreInterruptedBeforeAnythingWasListedIsOfferedAgainAfterARestart() async throws {
        let directory = TestSupport.temporaryDirectory()
        let first = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        let action = try await first.stoppableTest(.router) { client -> String in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.askToDelete([lantern.id])
            try #require(try await admin.confirmDelete([lantern.id]).status == .ok)
            return try #require(Self.restoreAction(try await admin.get("/admin/history?product=\(lantern.id)")))
        }
        let eventID = try #require(Int64(action.split(separator: "/")[2]))
        let database = try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)
        guard case .success = try await DeletedProducts(database: database).claim(eventID: eventID) else {
            Issue.record("the kept product could not be claimed")
            return
        }
        try database.close()

        let second = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await second.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let productID = try #require(try await Self.deletedProductID(eventID, in: directory))
            let history = try await admin.get("/admin/history?product=\(productID)")
            #expect(Self.restoreAction(history) == action, "released at start-up")
            #expect(try await admin.post(action, fields: []).status == .seeOther)
        }
    }

    static func deletedProductID(_ eventID: Int64, in directory: URL) async throws -> Int? {
        let queue = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path)
        return try await queue.read { db in try Int.fetchOne(db, sql: "SELECT productId FROM keptProduct WHERE eventId = ?", arguments: [eventID]) }
    }
}
