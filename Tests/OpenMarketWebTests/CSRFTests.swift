import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Forged form posts: the double-submit token, and browsers' own word on where a form came from.
@Suite("CSRF and cross-site form posts", .timeLimit(.minutes(10)))
struct CSRFTests {
    /// The three writes a form can make; each is tried against a sample product the test vendor owns.
    enum Write: String, CaseIterable, Sendable {
        case upload, edit, delete

        func send(_ browser: inout StorefrontBrowser, product: ProductDetail, token: String?, headers: HTTPFields = [:]) async throws -> TestResponse {
            switch self {
            case .upload:
                var form = try ProductUploadForm.valid(photos: 1)
                form.csrf = token ?? ""
                return try await browser.upload(form, headers: headers)
            case .edit:
                let fields = [("_csrf", token ?? "")] + product.editFields(password: TestSupport.vendor.secret, changing: ["stock": "77"])
                return try await browser.post(SiteURLs.edit(product.id), fields: fields, headers: headers)
            case .delete:
                return try await browser.post(SiteURLs.delete(product.id), fields: [("_csrf", token ?? ""), ("password", TestSupport.vendor.secret)], headers: headers)
            }
        }

        var page: (Int) -> String {
            switch self {
            case .upload: { _ in SiteURLs.newProduct }
            case .edit: SiteURLs.edit
            case .delete: SiteURLs.delete
            }
        }
    }

    enum Forgery: String, CaseIterable, Sendable {
        case noCookie, mismatchedToken, emptyToken, crossSiteFetch, foreignOrigin
    }

    @Test(arguments: Write.allCases, Forgery.allCases)
    func forgedPostIsRefusedWith403AndChangesNothing(write: Write, forgery: Forgery) async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(write.page(lantern.id))
            let genuine = try #require(browser.formToken)
            var token: String? = genuine
            var headers: HTTPFields = [:]
            switch forgery {
            case .noCookie: browser.cookies["csrf"] = nil
            case .mismatchedToken: token = String(repeating: "ab", count: 32)
            case .emptyToken: token = nil
            case .crossSiteFetch: headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            case .foreignOrigin: headers[.origin] = "http://evil.example"
            }
            let response = try await write.send(&browser, product: lantern, token: token, headers: headers)
            #expect(response.status == .forbidden)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("보안 확인에 실패했습니다"))
            #expect(try TestSupport.counts(in: directory) == before)
            #expect(try await MarketProbe.product(lantern.id, via: client) == lantern)
        }
    }

    @Test(arguments: Write.allCases)
    func genuinePostFromTheSameOriginIsAccepted(write: Write) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(write.page(lantern.id))
            // The router test client's requests are for `localhost`; browsers send Sec-Fetch-Site and Origin on form posts.
            let headers: HTTPFields = [.origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
            let response = try await write.send(&browser, product: lantern, token: browser.formToken, headers: headers)
            #expect(response.status == .seeOther)
        }
    }

    /// Behind a reverse proxy the `Host` may be internal while the browser's `Origin` is the public URL.
    @Test func postFromTheConfiguredPublicOriginIsAccepted() async throws {
        var config = TestSupport.configuration()
        config.publicURL = URL(string: "https://market.example:8443")
        let app = try await buildApplication(config)
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(Write.edit.page(lantern.id))
            let accepted = try await Write.edit.send(
                &browser, product: lantern, token: browser.formToken, headers: [.origin: "https://market.example:8443"])
            #expect(accepted.status == .seeOther)
            let refused = try await Write.edit.send(
                &browser, product: lantern, token: browser.formToken, headers: [.origin: "https://market.example"])
            #expect(refused.status == .forbidden, "another port is another origin")
        }
    }

    @Test(arguments: ["/", "/products", "/products/new", "/products/1", "/products/1/edit", "/products/1/delete"])
    func pagesSetAnHttpOnlySameSiteLaxCSRFCookieMatchingTheirForm(path: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            let cookie = try #require(response.setCookie("csrf"))
            let value = try #require(cookie.firstCapture(#"^csrf=([0-9a-f]+);"#))
            #expect(value.count == 64)
            let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(attributes.contains("HttpOnly"))
            #expect(attributes.contains("SameSite=Lax"))
            #expect(attributes.contains("Path=/"))
            if let formToken = response.formToken {
                #expect(formToken == value, "the form carries the cookie's token")
            }
        }
    }

    @Test func aVisitorKeepsTheirTokenAcrossPages() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            var browser = StorefrontBrowser(client)
            let first = try await browser.get(SiteURLs.newProduct)
            let token = try #require(browser.cookies["csrf"])
            let second = try await browser.get("/products/1/delete")
            #expect(second.setCookie("csrf") == nil, "an existing token is not replaced")
            #expect(second.formToken == token && first.formToken == token)
        }
    }

    @Test func malformedCookieTokenIsReplacedAndCannotAuthorizeAPost() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            browser.cookies["csrf"] = "short"
            let page = try await browser.get(SiteURLs.newProduct)
            #expect(page.setCookie("csrf") != nil)
            browser.cookies["csrf"] = "short"
            var form = try ProductUploadForm.valid(photos: 1)
            form.csrf = "short"
            let response = try await browser.upload(form)
            #expect(response.status == .forbidden)
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }
}

@Suite("Cookies only where they belong", .timeLimit(.minutes(10)))
struct CookiePlacementTests {
    @Test(arguments: ["/css/site.css", "/js/app.js", "/api/products", "/healthChecker"])
    func staticFilesAndTheAPISetNoCookie(path: String) async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func imagesSetNoCookieSoSharedCachesMayKeepThem() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let page = try await client.execute(uri: "/api/products/1", method: .get)
            let detail = try JSONDecoder().decode(ProductDetail.self, from: Data(page.body.readableBytesView))
            let path = try #require(URL(string: detail.thumbnailURL)).path
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.setCookie] == nil)
        }
    }
}

/// The token is one the site signed, replaced at every sign-in and sign-out, and the console's forms carry a token
/// made from the session instead of the cookie's.
@Suite("CSRF tokens the site signed", .timeLimit(.minutes(10)))
struct SignedCSRFTests {
    @Test func aPlantedTokenIsReplacedAndAuthorisesNothing() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            let planted = String(repeating: "a", count: 64)
            var browser = StorefrontBrowser(client)
            browser.cookies["csrf"] = planted
            let page = try await browser.get(SiteURLs.delete(1))
            #expect(page.setCookie("csrf") != nil, "a planted value is replaced")
            #expect(page.formToken != planted)
            let forged = try await client.execute(
                uri: SiteURLs.delete(1), method: .post,
                headers: [.cookie: "csrf=\(planted)", .contentType: "application/x-www-form-urlencoded"],
                body: .init(string: FormEncoding.urlEncoded([("_csrf", planted), ("password", TestSupport.vendor.secret)])))
            #expect(forged.status == .forbidden)
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func signingInAndOutReplacesTheToken() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            try await admin.get("/admin/login")
            let before = try #require(admin.browser.cookies["csrf"])
            #expect(try await admin.signIn().status == .seeOther)
            let during = try #require(admin.browser.cookies["csrf"])
            #expect(during != before)
            try await admin.get("/admin/products")
            #expect(try await admin.post("/admin/logout", fields: []).status == .seeOther)
            let after = try #require(admin.browser.cookies["csrf"])
            #expect(after != during && after != before)
        }
    }

    @Test func theConsolesFormsCarryATokenOfTheSessionNotOfTheCookie() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let table = try await admin.get("/admin/products")
            let consoleToken = try #require(table.formToken)
            let cookieToken = try #require(admin.browser.cookies["csrf"])
            #expect(consoleToken != cookieToken)
            // Someone who planted (or knows) the cookie's token cannot post to the console with it.
            let forged = try await admin.post("/admin/products/delete/confirm", fields: [("_csrf", cookieToken), ("ids", "1")])
            #expect(forged.status == .forbidden)
            #expect(try await MarketProbe.product(1, via: client) != nil)
            #expect(try await admin.post("/admin/logout", fields: [("_csrf", consoleToken)]).status == .seeOther)
        }
    }
}
