import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketImaging
import OpenMarketInput
import Testing
@testable import OpenMarketWeb

/// `/products/new` → POST `/products`: the upload form, its checks, and POST → redirect → GET.
@Suite("Product upload form", .timeLimit(.minutes(10)))
struct ProductUploadTests {
    @Test func formOffersEveryFieldWithMultipartEncodingAndACSRFToken() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: SiteURLs.newProduct, method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("method=\"post\" action=\"/products\" enctype=\"multipart/form-data\""))
            let token = try #require(response.formToken)
            #expect(token.count == 64)
            for field in ["name", "description", "price", "discounted_price", "stock", "password"] {
                #expect(html.contains("name=\"\(field)\""), "field \(field)")
            }
            #expect(html.contains("<select id=\"field-currency\" name=\"currency\">"))
            #expect(html.contains("<option value=\"KRW\" selected>원 (KRW)</option>"))
            #expect(html.contains("<option value=\"USD\">미국 달러 (USD)</option>"))
            let images = try #require(response.tag(withID: "field-images"))
            #expect(images.contains("type=\"file\"") && images.contains("name=\"images\""))
            #expect(images.contains(" multiple") && images.contains("accept=\"image/*\""))
            let password = try #require(response.tag(withID: "field-password"))
            #expect(password.contains("type=\"password\"") && password.contains("minlength=\"4\""))
        }
    }

    @Test func validUploadRedirectsToTheNewProductAndShowsTheFlashOnce() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            let response = try await browser.upload(try ProductUploadForm.valid(photos: 2))
            #expect(response.status == .seeOther)
            let id = try #require(response.location.flatMap(SiteURLs.productID(fromLocation:)))
            #expect(response.location == "/products/\(id)")
            #expect(response.setCookie("flash")?.hasPrefix("flash=created;") == true)

            let landing = try await browser.get(response.location ?? "")
            #expect(landing.status == .ok)
            #expect(landing.text.contains("<p class=\"flash flash-success\" role=\"status\">상품을 등록했습니다.</p>"))
            #expect(landing.text.contains("<h1>손으로 빚은 찻잔</h1>"))
            let again = try await browser.get(SiteURLs.product(id))
            #expect(!again.text.contains("상품을 등록했습니다."), "the flash is shown once")

            let stored = try #require(try await MarketProbe.product(id, via: client))
            #expect(stored.name == "손으로 빚은 찻잔")
            #expect(stored.description == "직접 빚어 구운 찻잔입니다.\n전자레인지에 써도 됩니다.")
            #expect(stored.price == 15000 && stored.currency == .krw && stored.stock == 3)
            #expect(stored.images.count == 2)
            let after = try TestSupport.counts(in: directory)
            #expect(after.products == before.products + 1 && after.images == before.images + 2)
        }
    }

    @Test func handWrittenBrowserBodyWithCRLFDescriptionIsListed() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            let token = try #require(browser.formToken)
            // What Firefox sends for this form: CRLF line breaks in the textarea, an empty second file input part.
            let boundary = "---------------------------9051914041544843365972754266"
            let head = """
                --\(boundary)\r
                Content-Disposition: form-data; name="_csrf"\r
                \r
                \(token)\r
                --\(boundary)\r
                Content-Disposition: form-data; name="name"\r
                \r
                접이식 의자 (2개)\r
                --\(boundary)\r
                Content-Disposition: form-data; name="description"\r
                \r
                캠핑용 접이식 의자 두 개.\r
                가방 포함.\r
                --\(boundary)\r
                Content-Disposition: form-data; name="price"\r
                \r
                12.50\r
                --\(boundary)\r
                Content-Disposition: form-data; name="currency"\r
                \r
                USD\r
                --\(boundary)\r
                Content-Disposition: form-data; name="discounted_price"\r
                \r
                \r
                --\(boundary)\r
                Content-Disposition: form-data; name="stock"\r
                \r
                2\r
                --\(boundary)\r
                Content-Disposition: form-data; name="password"\r
                \r
                chairs-4-sale\r
                --\(boundary)\r
                Content-Disposition: form-data; name="seller_name"\r
                \r
                의자 파는 사람\r
                --\(boundary)\r
                Content-Disposition: form-data; name="images"; filename="chair-1.png"\r
                Content-Type: image/png\r
                \r

                """
            var body = ByteBuffer(string: head)
            body.writeBytes(try TestSupport.sampleImage("chair-1.png"))
            body.writeString("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"\"\r\n")
            body.writeString("Content-Type: application/octet-stream\r\n\r\n\r\n--\(boundary)--\r\n")
            let response = try await browser.send(
                SiteURLs.products, body: body, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"])
            #expect(response.status == .seeOther)
            let id = try #require(response.location.flatMap(SiteURLs.productID(fromLocation:)))
            let stored = try #require(try await MarketProbe.product(id, via: client))
            #expect(stored.name == "접이식 의자 (2개)")
            #expect(stored.description == "캠핑용 접이식 의자 두 개.\n가방 포함.")
            #expect(stored.price == Decimal(string: "12.5") && stored.currency == .usd && stored.discountedPrice == 0)
            #expect(stored.images.count == 1)
        }
    }

    @Test func invalidUploadKeepsTypedValuesAndFivePhotosButNotThePasswordAndStoresNothing() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 6)
            form.name = ""
            form.description = "설명은 그대로 돌아와야 합니다 <꼭>."
            form.price = "23000"
            form.password = "never-echo-me"
            let response = try await browser.upload(form)
            #expect(response.status == .unprocessableContent)
            let html = response.text
            #expect(html.contains("class=\"error-summary\""))
            #expect(html.contains("<a href=\"#field-name\">"))
            #expect(html.contains("<a href=\"#field-images\">사진은 모두 5장까지 등록됩니다. 고른 사진 중 마지막 1장은 넣지 않았습니다."))
            for field in ["field-name", "field-images"] {
                let tag = try #require(response.tag(withID: field))
                #expect(tag.contains("aria-invalid=\"true\""), "\(field) is marked invalid")
                let describedBy = try #require(tag.firstCapture(#"aria-describedby="([^"]*)""#))
                #expect(describedBy.split(separator: " ").contains("\(field)-error"[...]))
                #expect(html.contains("<p class=\"field-error\" id=\"\(field)-error\">"))
            }
            #expect(html.contains(">설명은 그대로 돌아와야 합니다 &lt;꼭&gt;.</textarea>"))
            #expect(html.contains("name=\"price\" value=\"23000\""))
            #expect(!html.contains("never-echo-me"), "the password is never sent back")
            // The first five photos are kept for the next submit, shown with a "remove" checkbox each.
            #expect(response.occurrences(of: "name=\"remove_photo\"") == 5)
            #expect(html.contains("name=\"photo_draft\""))
            #expect(!html.contains("사진을 다시 골라 주세요"))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func photoOverTwentyMegabytesIsRefusedWith413OnTheImagesField() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 1)
            var large = try TestSupport.sampleImage("mug-1.png")
            large.append(Data(count: WebLimits.maxPhotoBytes + 1 - large.count))
            form.images.append(UploadBody.Image(filename: "huge.png", contentType: "image/png", data: large))
            let response = try await browser.upload(form)
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("<p class=\"field-error\" id=\"field-images-error\">‘huge.png’ 사진이 너무 큽니다 (20481KB). 한 장에 20MB 이하여야 합니다."))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    /// Lists a product through the form with this one photo; returns the answer, the number of products it
    /// added and the stored bytes of the newest photo.
    private static func listWithPhoto(_ data: Data, named filename: String, type: String) async throws -> (TestResponse, added: Int, stored: Data) {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = [UploadBody.Image(filename: filename, contentType: type, data: data)]
            let response = try await browser.upload(form)
            let added = try TestSupport.counts(in: directory).products - before.products
            return (response, added, try TestSupport.newestImageBytes(in: directory))
        }
    }

    /// Without the browser script a phone photo arrives as it was taken; the server shrinks it to the market's rule.
    @Test func aPhotoOverThreeHundredKilobytesIsShrunkOnTheServerAndListed() async throws {
        var photo = try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/orientation6-metadata.jpg"))
        photo.append(Data(count: 2 * 1024 * 1024))
        let (response, added, stored) = try await Self.listWithPhoto(photo, named: "IMG_0001.JPG", type: "image/jpeg")
        #expect(response.status == .seeOther, "\(response.text.prefix(300))")
        #expect(added == 1)
        #expect(stored.count <= MarketLimits.maxImageBytes)
        #expect(stored.range(of: Data("GPS".utf8)) == nil && stored.range(of: Data("Exif".utf8)) == nil)
        let header = try #require(ImageHeader.read([UInt8](stored)))
        #expect(header.kind == .jpeg && header.width == 200 && header.height == 300, "upright")
    }

    /// What a phone writes: 12 megapixels, about 4 MB. Shrunk on the server to the display size and 300 KB.
    @Test func aTwelveMegapixelPhotoIsShrunkToTheMarketsRule() async throws {
        let photo = try SyntheticPhoto.jpeg()
        #expect(photo.count > 2 * 1024 * 1024)
        let (response, added, stored) = try await Self.listWithPhoto(photo, named: "IMG_4032.JPG", type: "image/jpeg")
        #expect(response.status == .seeOther, "\(response.text.prefix(300))")
        #expect(added == 1)
        let header = try #require(ImageHeader.read([UInt8](stored)))
        #expect(header.kind == .jpeg && header.width == 1600 && header.height == 1200)
        #expect(stored.count <= MarketLimits.maxImageBytes)
    }

    @Test func anIPhoneHEICPhotoIsAcceptedAndStoredAsJPEG() async throws {
        let heic = try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/photo.heic"))
        let (response, added, stored) = try await Self.listWithPhoto(heic, named: "IMG_0003.HEIC", type: "image/heic")
        #expect(response.status == .seeOther, "\(response.text.prefix(300))")
        #expect(added == 1)
        #expect(ImageHeader.read([UInt8](stored))?.kind == .jpeg)
    }

    @Test func textLabelledAsPNGIsRefusedWith415() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            form.images = [UploadBody.Image(filename: "notes.png", contentType: "image/png", data: Data("just some text, not a picture".utf8))]
            let response = try await browser.upload(form)
            #expect(response.status == .unsupportedMediaType)
            #expect(response.text.contains("<p class=\"field-error\" id=\"field-images-error\">‘notes.png’은(는) JPEG, PNG, GIF, WebP, HEIC 사진이 아닙니다."))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func fieldSentTwiceIsRefusedAndNothingIsStored() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 1)
            form.extraFields = [("price", "1")]
            let response = try await browser.upload(form)
            #expect(response.status == .badRequest)
            // A Korean page says it in Korean; the English detail is for English pages.
            #expect(response.text.contains("<p>보낸 내용을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.</p>"))
            #expect(!response.text.contains("was sent twice"))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    struct RuleCase: Sendable, CustomTestStringConvertible {
        var field: String
        var value: String
        var currency = "KRW"
        var errorField: String
        var message: String
        var testDescription: String { "\(field)=\(value) (\(currency))" }
    }

    @Test(arguments: [
        RuleCase(field: "price", value: "abc", errorField: "price", message: "가격은 숫자로 입력해 주세요."),
        RuleCase(field: "discounted_price", value: "20000", errorField: "discounted_price", message: "할인 금액은 0 이상, 가격 이하로 입력해 주세요."),
        RuleCase(field: "price", value: "12.345", currency: "USD", errorField: "price", message: "달러 금액은 소수점 둘째 자리까지만 입력할 수 있습니다."),
        RuleCase(field: "price", value: "1500.5", errorField: "price", message: "원화 금액은 정수로 입력해 주세요."),
        RuleCase(field: "password", value: "abc", errorField: "password", message: "비밀번호는 4자 이상 입력해 주세요. 한글은 24자, 영문과 숫자는 72자까지 쓸 수 있습니다."),
        RuleCase(field: "stock", value: "-1", errorField: "stock", message: "재고는 0 이상의 정수로 입력해 주세요."),
    ])
    func ruleViolationAnswers422WithTheFieldsMessage(rule: RuleCase) async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 1)
            form.currency = rule.currency
            switch rule.field {
            case "price": form.price = rule.value
            case "discounted_price": form.discountedPrice = rule.value
            case "stock": form.stock = rule.value
            default: form.password = rule.value
            }
            let response = try await browser.upload(form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("<p class=\"field-error\" id=\"field-\(rule.errorField)-error\">\(rule.message)</p>"))
            #expect(response.text.contains("<a href=\"#field-\(rule.errorField)\">\(rule.message)</a>"))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }
}
