import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTexts
@testable import OpenMarketUseCases
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The history as people read it: times in the market's time zone, amounts as the storefront writes them, who
/// and why in the page's language, filters by action, product and day, and pages by key.
@Suite("History people can read", .timeLimit(.minutes(5)))
struct AdminHistoryReadingTests {
    /// One entry per kind, recorded straight into the history, at a known instant.
    static func seed(_ audit: AuditLog) async throws {
        try await audit.record(
            actor: .visitor(client: "127.0.0.1"), action: .update, productID: 7, productName: "찻잔",
            changes: [.init(field: "price", old: "35000", new: "30000", currency: "KRW")], outcome: .success)
        try await audit.record(
            actor: .visitor(client: "127.0.0.1"), action: .delete, productID: 7, productName: "찻잔", outcome: .refused,
            detail: AuditReason.passwordWrong.stored)
        try await audit.record(
            actor: .admin, action: .update, productID: 8, productName: "Lamp",
            changes: [.init(field: "price", old: "12.5", new: "10", currency: "USD")], outcome: .success)
    }

    @Test func timesAmountsActorsAndReasonsAreWrittenForTheReader() async throws {
        let directory = TestSupport.temporaryDirectory()
        var config = AdminClient.configuration(dataDirectory: directory)
        // Neither UTC nor the default: the option is what decides.
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        config.timeZone = zone
        let app = try await buildApplication(config)
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            try await Self.seed(AuditLog(database: try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)))
            let korean = try await admin.get("/admin/history")
            #expect(korean.text.contains("<th scope=\"col\">시각 (America/Los_Angeles)</th>"))
            #expect(korean.text.contains("data-label=\"수행자\">방문자 127.0.0.1</td>"))
            #expect(korean.text.contains("data-label=\"수행자\">관리자</td>"))
            #expect(korean.text.contains("<del>35,000원</del> → <ins>30,000원</ins>"))
            #expect(korean.text.contains("<del>$12.50</del> → <ins>$10.00</ins>"))
            #expect(korean.text.contains("<small>\(Language.korean.strings[.errPasswordWrong])</small>"))
            // The entry's hour in the market's zone, not in UTC or Seoul's.
            let hour = try #require(Self.hour(of: korean.text))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let expected = calendar.component(.hour, from: Date())
            // Written on a 12-hour clock; UTC would be 7 or 8 hours off, Seoul 16 or 17 (4 or 5 on that clock).
            #expect([expected % 12, (expected + 11) % 12].contains(hour % 12), "hour \(hour), expected \(expected) in the market's zone")

            try await admin.get("/language/en?return=/admin/history")
            let english = try await admin.get("/admin/history")
            #expect(english.text.contains("<th scope=\"col\">Time (America/Los_Angeles)</th>"))
            #expect(english.text.contains("data-label=\"By\">Visitor 127.0.0.1</td>"))
            #expect(english.text.contains("data-label=\"By\">Staff</td>"))
            #expect(english.text.contains("<del>₩35,000</del> → <ins>₩30,000</ins>"))
            #expect(english.text.contains("<small>\(Language.english.strings[.errPasswordWrong])</small>"), "a Korean visitor's refusal, in English")
        }
    }

    @Test func filtersByActionProductAndDayAndPagesByKey() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let audit = AuditLog(database: try WebDatabase.open(path: directory.appending(path: "web.sqlite").path))
            try await Self.seed(audit)
            for index in 0..<60 {
                try await audit.record(actor: .admin, action: .create, productID: 100 + index, productName: "Made \(index)", outcome: .success)
            }
            let refused = try await admin.get("/admin/history?action=refused")
            #expect(refused.historyRows.count == 1 && refused.historyRows[0].contains("거부됨"))
            #expect(refused.text.contains("<option value=\"refused\" selected>"))
            let updates = try await admin.get("/admin/history?action=update&product=8")
            #expect(updates.historyRows.count == 1 && updates.historyRows[0].contains("Lamp"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = AppConfiguration.defaultTimeZone
            let today = calendar.dateComponents([.year, .month, .day], from: Date())
            let day = String(format: "%04d-%02d-%02d", today.year ?? 0, today.month ?? 0, today.day ?? 0)
            #expect(try await admin.get("/admin/history?from=\(day)&to=\(day)&action=delete").historyRows.count == 1)
            #expect(try await admin.get("/admin/history?to=2001-01-01").historyRows.isEmpty)
            #expect(try await admin.get("/admin/history?from=not-a-day").historyRows.count == 50, "an unreadable day is ignored")

            // 63 entries, 50 a page: the older page starts after the first page's last entry and holds the rest.
            let first = try await admin.get("/admin/history")
            let older = try #require(first.firstCapture(#"<a href="(/admin/history\?before=\d+)" rel="next">"#))
            #expect(!first.text.contains("rel=\"prev\""), "the newest page has nothing newer")
            // An entry written meanwhile does not shift the next page.
            try await audit.record(actor: .admin, action: .create, productID: 999, productName: "Meanwhile", outcome: .success)
            let second = try await admin.get(older)
            #expect(second.historyRows.count == 13)
            #expect(!second.text.contains("Meanwhile") && second.text.contains("찻잔"))
            #expect(!second.text.contains("rel=\"next\""), "the oldest page has nothing older")
            let newer = try #require(second.firstCapture(#"<a href="(/admin/history\?after=\d+)" rel="prev">"#))
            let back = try await admin.get(newer)
            #expect(back.historyRows.count == 50 && !back.text.contains("Meanwhile"))
        }
    }

    @Test func aChangedMainPhotoShowsBothThumbnailsWhereTheNumbersWere() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            // The API gives absolute addresses; the history keeps the market's own paths.
            let paths = try camera.images.map { try #require(URL(string: $0.thumbnailURL)?.path) }
            let first = camera.images[0], third = camera.images[2]
            #expect(camera.thumbnailImageID == first.id)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(camera.id))
            let saved = try await browser.post(
                SiteURLs.edit(camera.id), fields: camera.editFields(password: TestSupport.vendor.secret, changing: ["thumbnail_id": String(third.id)]))
            #expect(saved.status == .seeOther)
            // A refused change names the photos it asked for as well.
            let changed = try #require(try await MarketProbe.product(camera.id, via: client))
            try await browser.get(SiteURLs.edit(camera.id))
            let refused = try await browser.post(
                SiteURLs.edit(camera.id), fields: changed.editFields(password: "wrong-password", changing: ["thumbnail_id": String(camera.images[1].id)]))
            #expect(refused.status == .forbidden)

            var admin = try await AdminClient.signedIn(client)
            let korean = try await admin.get("/admin/history?product=\(camera.id)")
            let rows = korean.historyRows
            #expect(rows.count == 2)
            let success = try #require(rows.first { $0.contains("outcome-success") })
            #expect(success.contains(#"<del><img src="\#(paths[0])" alt="이전 사진 1""#))
            #expect(success.contains(#"<ins><img src="\#(paths[2])" alt="바뀐 사진 1""#))
            #expect(!success.contains("<del>\(first.id)</del>"), "no image number where the photo can be shown")
            let refusal = try #require(rows.first { $0.contains("outcome-refused") })
            #expect(refusal.contains(#"<del><img src="\#(paths[2])""#) && refusal.contains(#"<ins><img src="\#(paths[1])""#))

            try await admin.get("/language/en?return=/admin/history")
            let english = try await admin.get("/admin/history?product=\(camera.id)")
            #expect(english.text.contains(#"alt="Photo 1 before""#) && english.text.contains(#"alt="Photo 1 after""#))
        }
    }

    @Test func photosReplacedShowEveryThumbnailAndOnlyAddressesThatAreImages() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let audit = AuditLog(database: try WebDatabase.open(path: directory.appending(path: "web.sqlite").path))
            let old = ProductDetail.Image(id: 1, url: "/images/a.jpg", thumbnailURL: "/images/a-thumb.jpg", issuedAt: Date())
            let before = Self.product(images: [old, ProductDetail.Image(id: 2, url: "javascript:alert(1)", thumbnailURL: "javascript:alert(1)", issuedAt: Date())])
            let after = Self.product(images: [ProductDetail.Image(id: 3, url: "https://photos.example/b.jpg", thumbnailURL: "https://photos.example/b-thumb.jpg", issuedAt: Date())])
            try await audit.record(
                actor: .admin, action: .update, productID: 7, productName: "찻잔", changes: [.photos(from: before, to: after, uploaded: 1)], outcome: .success)
            let row = try #require(try await admin.get("/admin/history").historyRows.first)
            #expect(row.contains(#"<img src="/images/a-thumb.jpg" alt="이전 사진 1""#))
            #expect(row.contains(#"<img src="https://photos.example/b-thumb.jpg" alt="바뀐 사진 1""#))
            #expect(!row.contains("javascript:"), "an address that is not an image's is not shown")
        }
    }

    static func product(images: [ProductDetail.Image]) -> ProductDetail {
        ProductDetail(
            id: 7, vendorID: 1, name: "찻잔", description: "", thumbnailURL: images.first?.thumbnailURL ?? "", currency: .krw, price: 1000,
            discountedPrice: 0, stock: 1, createdAt: Date(), issuedAt: Date(), images: images, vendor: .init(id: 1, name: "vendor"))
    }

    /// The hour of the first history row's time, as written in the page.
    static func hour(of html: String) -> Int? {
        html.firstCapture(#"<time datetime="[^"]+">[^<]*?(\d{1,2}):\d{2}:\d{2}"#).flatMap(Int.init)
    }
}

