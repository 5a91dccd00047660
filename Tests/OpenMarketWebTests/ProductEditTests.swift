import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/products/{id}/edit`: the pre-filled form, only changed fields sent, and who may change what.
@Suite("Product edit form", .timeLimit(.minutes(10)))
struct ProductEditTests {
    @Test func editFormIsPrefilledWithTheProduct() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let response = try await client.execute(uri: SiteURLs.edit(camera.id), method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("action=\"/products/\(camera.id)/edit\" enctype=\"multipart/form-data\""), "the embedded market takes new photos")
            #expect(html.contains("name=\"name\" value=\"Vintage Film Camera\""))
            #expect(html.contains("name=\"price\" value=\"129.99\""))
            #expect(html.contains("<option value=\"USD\" selected>"))
            #expect(!html.contains("<option value=\"KRW\" selected>"))
            #expect(html.contains(">\(HTMLEscaper.escape(camera.description))</textarea>"))
            let first = try #require(response.tag(withID: "thumbnail-\(camera.images[0].id)"))
            #expect(first.contains("name=\"thumbnail_id\"") && first.hasSuffix(" checked>"))
            let second = try #require(response.tag(withID: "thumbnail-\(camera.images[1].id)"))
            #expect(!second.contains("checked"))
        }
    }

    @Test func unchangedValuesSayNoChangesAndSaveNothing() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(camera.id))
            let response = try await browser.post(SiteURLs.edit(camera.id), fields: camera.editFields(password: TestSupport.vendor.secret))
            #expect(response.status == .ok)
            #expect(response.text.contains("변경 사항 없음"))
            #expect(try await MarketProbe.product(camera.id, via: client) == camera)
        }
    }

    @Test func changingOnlyThePriceUpdatesOnlyThePrice() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(lantern.id))
            // A sample product has no password of its own: the vendor secret opens it.
            let response = try await browser.post(
                SiteURLs.edit(lantern.id), fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["price": "26,000"]))
            #expect(response.status == .seeOther)
            #expect(response.location == "/products/\(lantern.id)")
            #expect(response.setCookie("flash")?.hasPrefix("flash=updated;") == true)

            let updated = try #require(try await MarketProbe.product(lantern.id, via: client))
            #expect(updated.price == 26000)
            #expect(updated.name == lantern.name && updated.description == lantern.description)
            #expect(updated.stock == lantern.stock && updated.currency == lantern.currency)
            #expect(updated.discountedPrice == lantern.discountedPrice && updated.thumbnailURL == lantern.thumbnailURL)

            let landing = try await browser.get(response.location ?? "")
            #expect(landing.text.contains("상품 정보를 수정했습니다."))
            #expect(landing.text.contains("26,000원"))
        }
    }

    @Test func formListedProductAcceptsItsOwnPasswordAndRefusesTheVendorSecret() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
            let listed = try #require(try await MarketProbe.product(id, via: client))

            try await browser.get(SiteURLs.edit(id))
            let refused = try await browser.post(
                SiteURLs.edit(id), fields: listed.editFields(password: TestSupport.vendor.secret, changing: ["stock": "9"]))
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("비밀번호가 맞지 않습니다"))
            #expect(try await MarketProbe.product(id, via: client) == listed)

            let accepted = try await browser.post(SiteURLs.edit(id), fields: listed.editFields(password: "teacup-2024", changing: ["stock": "9"]))
            #expect(accepted.status == .seeOther)
            #expect(accepted.location == "/products/\(id)")
            #expect(try await MarketProbe.product(id, via: client)?.stock == 9)
        }
    }

    @Test func wrongPasswordRefusesOnTheSameFormAndChangesNothing() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(lantern.id))
            let response = try await browser.post(
                SiteURLs.edit(lantern.id), fields: lantern.editFields(password: "wrong-guess", changing: ["name": "다른 이름의 랜턴"]))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("class=\"product-form\""))
            #expect(response.text.contains("<p class=\"field-error\" id=\"field-password-error\">비밀번호가 맞지 않습니다"))
            #expect(response.tag(withID: "field-password")?.contains("aria-invalid=\"true\"") == true)
            #expect(response.text.contains("name=\"name\" value=\"다른 이름의 랜턴\""), "the typed values stay")
            #expect(!response.text.contains("wrong-guess"))
            #expect(try await MarketProbe.product(lantern.id, via: client) == lantern)
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func choosingAnotherThumbnailChangesTheProductsMainPhoto() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let third = camera.images[2]
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(camera.id))
            let response = try await browser.post(
                SiteURLs.edit(camera.id),
                fields: camera.editFields(password: TestSupport.vendor.secret, changing: ["thumbnail_id": String(third.id)]))
            #expect(response.status == .seeOther)

            let updated = try #require(try await MarketProbe.product(camera.id, via: client))
            #expect(updated.thumbnailImageID == third.id)
            #expect(updated.thumbnailURL == third.thumbnailURL)
            #expect(updated.price == camera.price && updated.name == camera.name)
            let form = try await browser.get(SiteURLs.edit(camera.id))
            #expect(form.tag(withID: "thumbnail-\(third.id)")?.hasSuffix(" checked>") == true)
            #expect(form.tag(withID: "thumbnail-\(camera.images[0].id)")?.contains("checked") == false)
            let thumbnailPath = try #require(URL(string: third.thumbnailURL)?.path)
            let list = try await browser.get("/products?per_page=100")
            let card = try #require(list.firstCapture(#"(<li class="product-card[^"]*" id="p-\#(camera.id)">\s*<a [^>]*>[\s\S]*?<img [^>]*>)"#))
            #expect(card.contains(thumbnailPath))
        }
    }

    @Test func unknownThumbnailIsRefusedWith422() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(camera.id))
            let response = try await browser.post(
                SiteURLs.edit(camera.id), fields: camera.editFields(password: TestSupport.vendor.secret, changing: ["thumbnail_id": "999999"]))
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("대표 사진은 이 상품의 사진 중에서 골라 주세요."))
            #expect(try await MarketProbe.product(camera.id, via: client) == camera)
        }
    }

    @Test func neighborVendorsProductIsRefusedWithTheVendorSecret() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let mat = try await MarketProbe.product(named: "요가 매트 8mm", via: client)
            #expect(mat.vendor.name == "neighbor_vendor")
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.edit(mat.id))
            let response = try await browser.post(
                SiteURLs.edit(mat.id), fields: mat.editFields(password: TestSupport.vendor.secret, changing: ["stock": "1"]))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("다른 판매자의 상품"))
            #expect(try await MarketProbe.product(mat.id, via: client) == mat)
        }
    }
}
