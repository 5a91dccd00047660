import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// Korean by default, English on request; and the safety headers every page carries.
@Suite("Language and response headers", .timeLimit(.minutes(10)))
struct LanguageTests {
    @Test func koreanIsTheDefaultWithWonAfterTheAmount() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products", method: .get)
            #expect(response.text.contains("<html lang=\"ko\">"))
            #expect(response.text.contains("<h1>상품 목록</h1>"))
            #expect(response.text.contains("28,000원"))
            #expect(response.text.contains("$74.50"), "dollars keep their sign and two decimals")
            #expect(!response.text.contains("₩"))
        }
    }

    @Test func acceptLanguageEnglishRendersEnglishWithCurrencySigns() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/products", method: .get, headers: [.acceptLanguage: "en-US,en;q=0.9"])
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<html lang=\"en\">"))
            #expect(html.contains("<h1>Products</h1>"))
            #expect(html.contains("1–20 of 24"))
            #expect(html.contains("₩28,000"))
            #expect(html.contains("$74.50"))
            #expect(!html.contains("28,000원"))
            #expect(!html.contains("상품 목록"))
        }
    }

    @Test(arguments: [("ko-KR,en;q=0.5", "ko"), ("en;q=0.4,ko;q=0.8", "ko"), ("fr-FR,en;q=0.7", "en"), ("de", "ko"), ("", "ko")])
    func acceptLanguagePicksTheBestSupportedLanguage(header: String, expected: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: header])
            #expect(response.text.contains("<html lang=\"\(expected)\">"))
        }
    }

    @Test func englishDetailPageFormatsPricesAndSoldOut() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let watch = try await MarketProbe.product(named: "빈티지 손목시계", via: client)
            let response = try await client.execute(uri: SiteURLs.product(watch.id), method: .get, headers: [.acceptLanguage: "en"])
            #expect(response.text.contains("₩350,000"))
            #expect(response.text.contains(">Sold out</p>"))
        }
    }

    @Test func languageSwitchGoesBackToTheSamePageAndIsRemembered() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let page = try await browser.get("/products?page=2")
            // The page links to the switch with its own address as the way back.
            #expect(page.text.contains("href=\"/language/en?return=/products?page%3D2\""))

            let response = try await browser.get("/language/en?return=/products?page=2")
            #expect(response.status == .seeOther)
            #expect(response.location == "/products?page=2")
            let cookie = try #require(response.setCookie("lang"))
            #expect(cookie.hasPrefix("lang=en;") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

            // The cookie wins over the browser's Accept-Language.
            let english = try await browser.get("/products?page=2", headers: [.acceptLanguage: "ko-KR"])
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(english.text.contains("21–24 of 24"))

            let back = try await browser.get("/language/ko?return=%2Fproducts")
            #expect(back.location == "/products")
            let korean = try await browser.get("/products")
            #expect(korean.text.contains("<html lang=\"ko\">"))
        }
    }

    /// Browsers drop tabs and line breaks anywhere in a URL, so `/<TAB>/evil.example` is `//evil.example` to them.
    @Test(arguments: ["//evil.example", "https://evil.example/", "/%5Cevil.example", "/%09/evil.example", "javascript:alert(1)", "", "%2F%2Fevil.example"])
    func languageSwitchNeverRedirectsToAnotherSite(target: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/language/en?return=\(target)", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.location == "/")
        }
    }

    @Test func unknownLanguageIsNotFound() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: "/language/fr?return=/", method: .get)
            #expect(response.status == .notFound)
            #expect(response.setCookie("lang") == nil)
        }
    }

    @Test func everyHTMLResponseForbidsInlineScriptAndSniffing() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            var responses: [(String, TestResponse)] = []
            for path in ["/", "/products?view=list&q=camera", "/products/1?photo=2", "/products/new", "/products/1/edit", "/products/1/delete",
                "/products/99999", "/language/en?return=/"]
            {
                responses.append((path, try await browser.get(path)))
            }
            try await browser.get(SiteURLs.newProduct)
            var invalid = try ProductUploadForm.valid(photos: 1)
            invalid.name = ""
            responses.append(("422 upload", try await browser.upload(invalid)))
            responses.append(("403 forged", try await browser.post(SiteURLs.delete(1), fields: [("_csrf", "nope"), ("password", "x")])))
            for (label, response) in responses {
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("script-src 'self'"), "\(label)")
                #expect(!policy.contains("unsafe-inline"), "\(label)")
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(label)")
                if response.status != .seeOther {
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(label)")
                }
            }
        }
    }
}
