import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The edit form arranges a product's photos on the embedded market: remove, reorder, choose the main one and add,
/// with or without the browser script (plain fields: `remove_photo`, `photo_place_{id}`, `thumbnail_id`, files).
@Suite("Editing a product's photos", .timeLimit(.minutes(10)))
struct ProductPhotoEditTests {
    static let password = "teacup-2024"

    /// A product listed through the form with three photos and its own password.
    static func listed(_ browser: inout StorefrontBrowser, via client: any TestClientProtocol) async throws -> ProductDetail {
        let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 3))
        return try #require(try await MarketProbe.product(id, via: client))
    }

    /// An application with such a product, and the browser that listed it.
    static func withListed(
        _ test: @escaping @Sendable (any TestClientProtocol, StorefrontBrowser, ProductDetail) async throws -> Void
    ) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let product = try await listed(&browser, via: client)
            try await test(client, browser, product)
        }
    }

    /// The edit form's fields for `product` as shown, with the photo choices after them.
    static func fields(_ product: ProductDetail, _ form: TestResponse, photos: [(String, String)]) throws -> [(String, String)] {
        let shown = try #require(form.text.firstCapture(#"name="shown" value="([A-Za-z0-9_-]+)""#))
        var fields = product.editFields(password: Self.password)
        if photos.contains(where: { $0.0 == "thumbnail_id" }) { fields.removeAll { $0.0 == "thumbnail_id" } }
        return fields + [("shown", shown)] + photos
    }

    static func status(ofImage url: String, via client: any TestClientProtocol) async throws -> HTTPResponse.Status {
        try await client.execute(uri: try #require(URL(string: url)?.path), method: .get).status
    }

    @Test func theEditFormOffersEachPhotosPlaceMainAndRemovalAndNewPhotos() async throws {
        try await Self.withListed { client, browser, product in
            var browser = browser
            let form = try await browser.get(SiteURLs.edit(product.id))
            #expect(form.text.contains("enctype=\"multipart/form-data\""), "new photos are files")
            for (offset, image) in product.images.enumerated() {
                let main = try #require(form.tag(withID: "thumbnail-\(image.id)"))
                #expect(main.contains("name=\"thumbnail_id\"") && main.hasSuffix(offset == 0 ? " checked>" : "value=\"\(image.id)\">"))
                #expect(form.tag(withID: "remove-image-\(image.id)")?.contains("name=\"remove_photo\" value=\"\(image.id)\"") == true)
                let place = try #require(form.text.firstCapture(#"(<select id="photo-place-\#(image.id)"[\s\S]*?</select>)"#))
                #expect(place.contains("name=\"photo_place_\(image.id)\""))
                #expect(place.contains("<option value=\"\(offset + 1)\" selected>"))
            }
            #expect(form.tag(withID: "field-images")?.contains("name=\"images\" multiple") == true)
            #expect(form.text.contains("사진 더하기"))
            #expect(!form.text.contains("thumbnail-choice"), "one place to choose the main photo")
        }
    }

    @Test func removingMovingAndAddingKeepsTheKeptPhotosAndTheirAddresses() async throws {
        try await Self.withListed { client, browser, product in
            var browser = browser
            let (first, second, third) = (product.images[0], product.images[1], product.images[2])
            let form = try await browser.get(SiteURLs.edit(product.id))
            // The third photo first, the second removed, a new one added; the first is the main photo.
            let photos = [
                ("photo_place_\(first.id)", "2"), ("photo_place_\(second.id)", "2"), ("photo_place_\(third.id)", "1"),
                ("remove_photo", String(second.id)), ("thumbnail_id", String(first.id)),
            ]
            let fields = try Self.fields(product, form, photos: photos)
            let added = UploadBody.Image(filename: "kettle-1.png", contentType: "image/png", data: try TestSupport.sampleImage("kettle-1.png"))
            let response = try await browser.postMultipart(SiteURLs.edit(product.id), fields: fields, images: [added])
            #expect(response.status == .seeOther)
            #expect(response.location == "/products/\(product.id)")

            let after = try #require(try await MarketProbe.product(product.id, via: client))
            #expect(after.images.count == 3)
            #expect(after.images.prefix(2).map(\.id) == [third.id, first.id])
            #expect(after.images.prefix(2).map(\.url) == [third.url, first.url], "kept photos keep their addresses")
            #expect(after.thumbnailImageID == first.id)
            #expect(after.name == product.name && after.price == product.price)
            #expect(try await Self.status(ofImage: second.url, via: client) == .notFound)
            #expect(try await Self.status(ofImage: after.images[2].url, via: client) == .ok)

            let page = try await browser.get(SiteURLs.product(product.id))
            #expect(page.text.contains(try #require(URL(string: third.url)?.path)))
            #expect(!page.text.contains(try #require(URL(string: second.url)?.path)))
        }
    }

    @Test func removingEveryPhotoOrGoingPastFiveIsRefusedAndChangesNothing() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            var browser = StorefrontBrowser(client)
            let product = try await Self.listed(&browser, via: client)
            let before = try TestSupport.counts(in: directory)
            let form = try await browser.get(SiteURLs.edit(product.id))
            let removeAll = product.images.map { ("remove_photo", String($0.id)) }
            let none = try await browser.postMultipart(SiteURLs.edit(product.id), fields: try Self.fields(product, form, photos: removeAll))
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("<p class=\"field-error\" id=\"field-images-error\">사진을 1장 이상 골라 주세요"))
            #expect(none.tag(withID: "remove-image-\(product.images[0].id)")?.hasSuffix(" checked>") == true, "the choices stay")

            let three = try (0..<3).map { index in
                UploadBody.Image(filename: "tent-\(index).png", contentType: "image/png", data: try TestSupport.sampleImage("tent-1.png"))
            }
            let six = try await browser.postMultipart(SiteURLs.edit(product.id), fields: try Self.fields(product, form, photos: []), images: three)
            #expect(six.status == .unprocessableContent)
            #expect(six.text.contains("사진을 1–5장 선택해 주세요 (지금 6장)."))
            #expect(six.text.components(separatedBy: "<li class=\"kept-photo\">").count - 1 == 3, "the new photos are kept for the next try")
            #expect(!six.text.contains("사진을 다시 골라 주세요"))
            #expect(try await MarketProbe.product(product.id, via: client) == product)
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func newPhotosOfARefusedEditAreKeptAndAddedOnTheNextSave() async throws {
        try await Self.withListed { client, browser, product in
            var browser = browser
            let form = try await browser.get(SiteURLs.edit(product.id))
            let photo = UploadBody.Image(filename: "books-1.png", contentType: "image/png", data: try TestSupport.sampleImage("books-1.png"))
            var fields = try Self.fields(product, form, photos: [])
            fields = fields.map { $0.0 == "price" ? ($0.0, "not a price") : $0 }
            let refused = try await browser.postMultipart(SiteURLs.edit(product.id), fields: fields, images: [photo])
            #expect(refused.status == .unprocessableContent)
            let draft = try #require(refused.text.firstCapture(#"name="photo_draft" value="([^"]+)""#))
            let preview = try #require(refused.text.firstCapture(#"<li class="kept-photo"><img src="([^"]+)""#))
            #expect(try await browser.get(preview).status == .ok, "the kept photo is shown to its visitor")
            #expect(try await MarketProbe.product(product.id, via: client) == product)

            // Saved again with a right price and nothing chosen anew: the kept photo is added after the others.
            let saved = try await browser.postMultipart(
                SiteURLs.edit(product.id), fields: try Self.fields(product, refused, photos: [("photo_draft", draft)]).map { $0.0 == "price" ? ($0.0, "16000") : $0 })
            #expect(saved.status == .seeOther)
            let after = try #require(try await MarketProbe.product(product.id, via: client))
            #expect(after.price == 16000)
            #expect(after.images.count == 4 && Array(after.images.prefix(3)) == product.images)
            #expect(try await browser.get(preview).status == .notFound, "the draft is gone once its photos are listed")
        }
    }

    @Test func aWrongPasswordArrangesNothing() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            var browser = StorefrontBrowser(client)
            let product = try await Self.listed(&browser, via: client)
            let before = try TestSupport.counts(in: directory)
            let form = try await browser.get(SiteURLs.edit(product.id))
            var fields = try Self.fields(product, form, photos: [("remove_photo", String(product.images[1].id))])
            fields = fields.map { $0.0 == "password" ? ($0.0, "wrong-guess") : $0 }
            let response = try await browser.postMultipart(SiteURLs.edit(product.id), fields: fields)
            #expect(response.status == .forbidden)
            #expect(try await MarketProbe.product(product.id, via: client) == product)
            #expect(try TestSupport.counts(in: directory) == before)
            #expect(try await Self.status(ofImage: product.images[1].url, via: client) == .ok)
        }
    }

    @Test func photosChangedSinceTheFormWasShownAreAConflictThatWritesNothing() async throws {
        try await Self.withListed { client, browser, product in
            var browser = browser
            let stale = try await browser.get(SiteURLs.edit(product.id))
            // Another tab removes the last photo.
            let other = try await browser.get(SiteURLs.edit(product.id))
            let removed = try await browser.postMultipart(
                SiteURLs.edit(product.id), fields: try Self.fields(product, other, photos: [("remove_photo", String(product.images[2].id))]))
            #expect(removed.status == .seeOther)
            let now = try #require(try await MarketProbe.product(product.id, via: client))
            #expect(now.images.count == 2)

            // The first tab, still showing three photos, changes the price.
            var fields = try Self.fields(product, stale, photos: [])
            fields = fields.map { $0.0 == "price" ? ($0.0, "17000") : $0 }
            let conflict = try await browser.postMultipart(SiteURLs.edit(product.id), fields: fields)
            #expect(conflict.status == .conflict)
            #expect(conflict.text.contains("<del>사진 3장</del> → <ins>사진 2장</ins>"))
            #expect(conflict.text.contains("name=\"price\" value=\"17000\""), "the person's own edit stays")
            #expect(conflict.tag(withID: "remove-image-\(product.images[2].id)") == nil, "the form shows the photos as they are")
            #expect(try await MarketProbe.product(product.id, via: client) == now)
        }
    }

    @Test func theHistoryShowsThePhotosBeforeAndAfter() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let product = try await Self.listed(&browser, via: client)
            let form = try await browser.get(SiteURLs.edit(product.id))
            let response = try await browser.postMultipart(
                SiteURLs.edit(product.id), fields: try Self.fields(product, form, photos: [("remove_photo", String(product.images[0].id))]))
            #expect(response.status == .seeOther)
            var admin = try await AdminClient.signedIn(client)
            let page = try await admin.get("/admin/products/\(product.id)")
            let row = try #require(page.historyRows.first { $0.contains("data-field=\"images\"") })
            #expect(row.contains("class=\"outcome-success\""))
            let change = try #require(row.firstCapture(#"data-field="images">[^<]*</span>: (<span class="history-photos">[\s\S]*?</ins></span>)"#))
            let before = try #require(change.firstCapture(#"<del>([\s\S]*)</del>"#))
            let after = try #require(change.firstCapture(#"<ins>([\s\S]*)</ins>"#))
            // The removed photo is gone from the market: named, not asked for; the two kept are thumbnails.
            #expect(before.components(separatedBy: "<img ").count - 1 == 2)
            #expect(before.hasPrefix("<span class=\"history-photo-gone\">지금은 없는 사진 1</span>"))
            #expect(!before.contains(try #require(URL(string: product.images[0].thumbnailURL)?.path)))
            #expect(after.components(separatedBy: "<img ").count - 1 == 2)
            #expect(after.contains(try #require(URL(string: product.images[1].thumbnailURL)?.path)))
        }
    }
}
