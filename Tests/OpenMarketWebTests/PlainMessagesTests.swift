import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTexts
@testable import OpenMarketUseCases
import Testing
@testable import OpenMarketWeb

/// What people read on the forms: their language only (the market's English sentences never reach a Korean
/// page), no limits in bytes, and prices written as people write them.
@Suite("Plain messages on the forms", .timeLimit(.minutes(10)))
struct PlainMessagesTests {
    /// Every error the market can give, as a remote server words it.
    static let marketErrors: [OpenMarketError] = [
        .notFound("Product 7 does not exist."), .unauthorized("The secret is wrong."), .forbidden("Product 7 belongs to another vendor."),
        .invalid([.init(field: .price, message: "price must be positive"), .init(field: nil, message: "Bad request body")]),
        .malformed("Unexpected end of JSON."), .tooLarge("Image 1 is 400000 bytes."), .unsupportedMedia("Image 2 is text."),
        .upstreamStatus(500, bodyExcerpt: "Internal Server Error"), .timeout, .unreachable("connection refused"),
        .undecodableResponse("not JSON"), .storeFailure("disk I/O error"), .storageFull,
    ]

    /// Latin words of three letters or more, other than the photo formats' names.
    static func englishWords(_ text: String) -> [String] {
        let allowed: Set<String> = ["JPEG", "PNG", "GIF", "WebP", "HEIC", "KRW", "USD"]
        return text.split { !$0.isASCII || !$0.isLetter }.map(String.init).filter { $0.count >= 3 && !allowed.contains($0) }
    }

    @Test func everyMarketErrorIsSaidInKoreanWithoutTheMarketsSentence() {
        let korean = Language.korean.strings
        for error in Self.marketErrors {
            let said = korean.marketError(error)
            #expect(!said.isEmpty)
            #expect(Self.englishWords(said).isEmpty, "\(error) → \(said)")
        }
    }

    @Test func aFormShowsTheMarketsRefusalsInThePagesLanguage() throws {
        let refusals: [ProductEditing.Refusal] = [
            .market(.invalid([.init(field: .name, message: "name is too long for this server")])),
            .market(.tooLarge("Image 1 is 400000 bytes; the limit is 300000.")),
            .market(.unsupportedMedia("Image 1 could not be read as a JPEG.")),
        ]
        for refusal in refusals {
            let korean = try #require(refusal.formErrors(Language.korean.strings))
            for (_, message) in korean.errors.ordered {
                #expect(Self.englishWords(message).isEmpty, "\(refusal) → \(message)")
            }
            #expect(Self.englishWords(AuditReason(refusal).words(.korean)).isEmpty, "the history says it in Korean too")
        }
        let named = try #require(refusals[0].formErrors(Language.korean.strings))
        #expect(named.errors[.name] == "마켓 서버가 ‘상품명’ 값을 받지 않았습니다. 입력한 내용을 확인해 주세요.")
        // An English page may add what the market said.
        let english = try #require(refusals[0].formErrors(Language.english.strings))
        #expect(english.errors[.name] == "The market did not accept the name. It said: name is too long for this server")
    }

    @Test func theFormsTextsSpeakOfNoBytesNorOfTheAPI() {
        for strings in [Language.korean.strings, Language.english.strings] {
            for (name, text) in strings.catalogue.entries(under: "") {
                #expect(!text.contains("바이트") && !text.lowercased().contains("byte"), "\(name): \(text)")
                #expect(!text.contains("API"), "\(name): \(text)")
            }
        }
    }

    @Test func amountsAreWrittenWithThousandsSeparatorsAndReadBack() {
        #expect(ProductFormInput.text(28000, currency: .krw) == "28,000")
        #expect(ProductFormInput.text(1_234_567, currency: .krw) == "1,234,567")
        #expect(ProductFormInput.text(0, currency: .krw) == "0")
        #expect(ProductFormInput.text(999, currency: .krw) == "999")
        #expect(ProductFormInput.text(Decimal(string: "1234.5") ?? 0, currency: .usd) == "1,234.50")
        #expect(ProductFormInput.text(12, currency: .usd) == "12.00")
        for (amount, currency) in [(Decimal(28000), Currency.krw), (Decimal(string: "1234.5") ?? 0, .usd), (Decimal(1_000_000), .krw)] {
            #expect(ProductFormInput.amount(ProductFormInput.text(amount, currency: currency)) == amount)
        }
    }

    @Test func theEditFormShowsPricesAsPeopleWriteThemAndTakesThemBack() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            let form = try await browser.get(SiteURLs.edit(lantern.id))
            #expect(form.text.contains("name=\"price\" value=\"28,000\""))
            let response = try await browser.post(
                SiteURLs.edit(lantern.id),
                fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["price": "29,500", "discounted_price": "1,500"]))
            #expect(response.status == .seeOther, "\(response.text.prefix(300))")
            let saved = try #require(try await MarketProbe.product(lantern.id, via: client))
            #expect(saved.price == 29500 && saved.discountedPrice == 1500)
        }
    }

    @Test func theUploadFormPutsPhotosFirstWithAButtonInThePagesLanguage() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            for (language, button) in [("ko", "사진 고르기"), ("en", "Choose photos")] {
                let html = try await client.execute(uri: SiteURLs.newProduct, method: .get, headers: [.acceptLanguage: language]).text
                let photos = try #require(html.range(of: "id=\"field-images\""))
                let name = try #require(html.range(of: "id=\"field-name\""))
                #expect(photos.lowerBound < name.lowerBound, "photos come first")
                #expect(html.contains("<label for=\"field-images\" class=\"button photo-button\">\(button)</label>"))
                let input = try #require(html.firstCapture(#"(<input type="file"[^>]*>)"#))
                #expect(input.contains("class=\"photo-input visually-hidden\"") && input.contains(" required"))
                // The price is asked for; the currency waits, folded with stock and discount under the more settings.
                let more = try #require(html.firstCapture(#"<details class="more-settings"[^>]*>([\s\S]*?)</details>"#))
                #expect(more.contains("name=\"currency\"") && !more.contains("name=\"price\""))
                #expect(html.contains("name=\"price\""))
            }
        }
    }
}
