import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The upload form keeps its accepted photos when it comes back with an error: over real HTTP, with real photos,
/// the next submit lists them without choosing them again — bound to the visitor, swept when unused.
@Suite("Photos kept after a form error", .timeLimit(.minutes(10)))
struct PhotoDraftTests {
    /// The live server on a fresh data directory with sample data.
    static func withLiveApp(_ test: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(TestSupport.configuration(dataDirectory: directory))
        try await app.stoppableTest(.live) { client in try await test(client, directory) }
    }

    static func photos(_ names: [String]) throws -> [UploadBody.Image] {
        try names.map { UploadBody.Image(filename: $0, contentType: "image/png", data: try TestSupport.sampleImage($0)) }
    }

    /// The stored display bytes of each photo of a product, in order, read back over HTTP as a browser would.
    static func storedPhotos(_ id: Int, via client: any TestClientProtocol) async throws -> [Data] {
        let product = try #require(try await MarketProbe.product(id, via: client))
        var result: [Data] = []
        for image in product.images {
            let path = try #require(URL(string: image.url)).path
            let response = try await client.execute(uri: path, method: .get)
            try #require(response.status == .ok, "\(path) answered \(response.status)")
            result.append(Data(response.body.readableBytesView))
        }
        return result
    }

    /// Lists a product with these photos in one go, the reference for what the kept photos must give.
    static func listedDirectly(_ names: [String], via client: any TestClientProtocol) async throws -> [Data] {
        var browser = StorefrontBrowser(client)
        var form = try ProductUploadForm.valid(photos: 0)
        form.images = try photos(names)
        let id = try await browser.listProduct(form)
        return try await storedPhotos(id, via: client)
    }

    /// Drafts and their photos in `web.sqlite`.
    static func draftRows(in directory: URL) throws -> [Int] {
        let queue = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path)
        return try queue.read { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM photoDraft") ?? -1, try Int.fetchOne(db, sql: "SELECT count(*) FROM photoDraftImage") ?? -1]
        }
    }

    @Test func anErrorKeepsThePhotosAndTheNextSubmitListsThemWithoutChoosingAgain() async throws {
        try await Self.withLiveApp { client, directory in
            let reference = try await Self.listedDirectly(["mug-1.png", "plant-1.png"], via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = try Self.photos(["mug-1.png", "plant-1.png"])
            form.name = ""
            let refused = try await browser.upload(form)
            #expect(refused.status == .unprocessableContent)
            let key = try #require(refused.draftKey, "the form carries its draft")
            #expect(key.count == 64)
            let previews = refused.draftPreviews
            #expect(previews.count == 2)
            #expect(refused.occurrences(of: "name=\"remove_photo\"") == 2)
            #expect(refused.text.contains("alt=\"보관한 사진 1/2\""))
            #expect(!refused.text.contains("사진을 다시 골라 주세요"), "nothing to choose again")
            // The previews are the visitor's, never stored by a cache.
            let preview = try await browser.get(previews[0])
            #expect(preview.status == .ok)
            #expect(preview.headers[.contentType] == "image/jpeg")
            #expect(preview.headers[.cacheControl] == "no-store")
            #expect(preview.body.readableBytes > 1000)
            #expect(try Self.draftRows(in: directory) == [1, 2])

            var again = form
            again.images = []
            again.name = "보관한 사진으로 올린 찻잔"
            again.extraFields = [("photo_draft", key)]
            let listed = try await browser.upload(again)
            #expect(listed.status == .seeOther, "\(listed.text.prefix(400))")
            let id = try #require(listed.location.flatMap(SiteURLs.productID(fromLocation:)))
            #expect(try await Self.storedPhotos(id, via: client) == reference, "the kept photos, in order, as if chosen again")
            // A used draft is gone at once.
            #expect(try Self.draftRows(in: directory) == [0, 0])
            #expect(try await browser.get(previews[0]).status == .notFound)
        }
    }

    @Test func aPhotoTickedRemoveIsLeftOutAndNewPhotosComeAfterTheKeptOnes() async throws {
        try await Self.withLiveApp { client, _ in
            let reference = try await Self.listedDirectly(["mug-1.png", "tent-1.png", "kettle-1.png"], via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = try Self.photos(["mug-1.png", "plant-1.png", "tent-1.png"])
            form.price = "만오천원"
            let refused = try await browser.upload(form)
            #expect(refused.status == .unprocessableContent)
            let key = try #require(refused.draftKey)
            let tokens = refused.removeTokens
            try #require(tokens.count == 3)

            // The second kept photo is ticked "remove"; a new photo is chosen.
            var again = form
            again.price = "15,000"
            again.images = try Self.photos(["kettle-1.png"])
            again.extraFields = [("photo_draft", key), ("remove_photo", tokens[1])]
            let listed = try await browser.upload(again)
            #expect(listed.status == .seeOther, "\(listed.text.prefix(400))")
            let id = try #require(listed.location.flatMap(SiteURLs.productID(fromLocation:)))
            #expect(try await Self.storedPhotos(id, via: client) == reference, "mug and tent kept, plant removed, kettle added last")
            #expect(try await MarketProbe.product(id, via: client)?.price == 15000)
        }
    }

    @Test func keptAndNewPhotosBeyondFiveAreLeftOutAndSaid() async throws {
        try await Self.withLiveApp { client, _ in
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = try Self.photos(["mug-1.png", "plant-1.png", "tent-1.png"])
            form.description = "짧음"
            let refused = try await browser.upload(form)
            let key = try #require(refused.draftKey)

            var again = form
            again.images = try Self.photos(["kettle-1.png", "books-1.png", "chair-1.png"])
            again.extraFields = [("photo_draft", key)]
            let full = try await browser.upload(again)
            #expect(full.status == .unprocessableContent)
            #expect(full.text.contains("고른 사진 중 마지막 1장은 넣지 않았습니다."))
            #expect(full.draftKey == key, "the same draft, now with five photos")
            #expect(full.removeTokens.count == 5)

            var last = again
            last.images = []
            last.description = "이제 설명이 충분히 깁니다."
            let listed = try await browser.upload(last)
            #expect(listed.status == .seeOther, "\(listed.text.prefix(400))")
            let id = try #require(listed.location.flatMap(SiteURLs.productID(fromLocation:)))
            #expect(try await MarketProbe.product(id, via: client)?.images.count == 5)
        }
    }

    @Test func anotherVisitorCanNeitherSeeNorUseTheDraft() async throws {
        try await Self.withLiveApp { client, directory in
            var owner = StorefrontBrowser(client)
            try await owner.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = try Self.photos(["mug-1.png"])
            form.name = ""
            let refused = try await owner.upload(form)
            let key = try #require(refused.draftKey)
            let preview = try #require(refused.draftPreviews.first)

            // Someone who learned the key and the preview's address, with a session of their own.
            var other = StorefrontBrowser(client)
            try await other.get(SiteURLs.newProduct)
            #expect(try await other.get(preview).status == .notFound)
            var stolen = form
            stolen.images = []
            stolen.name = "남의 사진으로 올리기"
            stolen.extraFields = [("photo_draft", key)]
            let answer = try await other.upload(stolen)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("보관한 사진은 1시간이 지나 지웠습니다. 사진을 다시 골라 주세요."))
            #expect(answer.draftKey == nil && answer.draftPreviews.isEmpty)
            #expect(try TestSupport.counts(in: directory).products == 24)

            // The owner's draft is untouched.
            #expect(try await owner.get(preview).status == .ok)
            var mine = form
            mine.images = []
            mine.name = "내 사진으로 올리기"
            mine.extraFields = [("photo_draft", key)]
            #expect(try await owner.upload(mine).status == .seeOther)
        }
    }

    @Test func unusedDraftsAreSweptAfterAnHourAndTheFormSaysSo() async throws {
        try await Self.withLiveApp { client, directory in
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = try Self.photos(["mug-1.png", "plant-1.png"])
            form.name = ""
            let refused = try await browser.upload(form)
            let key = try #require(refused.draftKey)
            let preview = try #require(refused.draftPreviews.first)

            // The sweep as the server runs it, an hour and a minute later.
            let drafts = PhotoDrafts(database: try DatabasePool(path: directory.appending(path: "web.sqlite").path))
            #expect(try await drafts.sweep(now: Date().addingTimeInterval(PhotoDrafts.lifetime + 60)) == 1)
            #expect(try Self.draftRows(in: directory) == [0, 0])
            #expect(try await browser.get(preview).status == .notFound)

            var again = form
            again.images = []
            again.name = "늦게 돌아온 양식"
            again.extraFields = [("photo_draft", key)]
            let answer = try await browser.upload(again)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("보관한 사진은 1시간이 지나 지웠습니다."))
        }
    }

    @Test func startUpSweepsDraftsThatExpiredWhileTheServerWasDown() async throws {
        let directory = TestSupport.temporaryDirectory()
        let database = try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)
        let drafts = PhotoDrafts(database: database)
        let bytes = try TestSupport.sampleImage()
        let old = PhotoDrafts.Photo(filename: "mug-1.png", mediaType: "image/png", data: bytes)
        let recent = PhotoDrafts.Photo(filename: "mug-1.png", mediaType: "image/png", data: bytes)
        _ = try await drafts.keep([old], key: nil, owner: "old-visitor", now: Date().addingTimeInterval(-2 * PhotoDrafts.lifetime))
        _ = try await drafts.keep([recent], key: nil, owner: "recent-visitor")
        try database.close()
        #expect(try Self.draftRows(in: directory) == [2, 2])

        let app = try await buildApplication(TestSupport.configuration(dataDirectory: directory))
        try await app.stoppableTest(.live) { _ in
            let rows = try Self.draftRows(in: directory)
            #expect(rows == [1, 1], "the expired draft is gone before the first request")
        }
    }
}

extension TestResponse {
    /// The upload form's hidden draft key.
    var draftKey: String? { firstCapture(#"name="photo_draft" value="([0-9a-f]{64})""#) }

    /// The preview addresses of the kept photos, in order.
    var draftPreviews: [String] { text.allCaptures(#"<img src="(/products/new/photos/[0-9a-f]{64})""#) }

    /// The values of the kept photos' "remove" checkboxes, in order.
    var removeTokens: [String] { text.allCaptures(#"name="remove_photo" value="([0-9a-f]{64})""#) }
}
