import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// `/admin/login`, `/admin/logout`, the guard in front of every admin page, host names and CSRF.
@Suite("Admin sign-in and guard", .timeLimit(.minutes(10)))
struct AdminSignInTests {
    @Test func rightPasswordSetsAStrictSessionCookieAndGoesToTheTable() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            let page = try await admin.get("/admin/login")
            #expect(page.status == .ok)
            #expect(page.text.contains("<p class=\"login-market\">오픈마켓</p>"), "the market's name above the form")
            #expect(page.formToken?.count == 64)
            #expect(page.setCookie("csrf") != nil)
            let response = try await admin.signIn()
            #expect(response.status == .seeOther)
            #expect(response.location == "/admin/products")
            let cookie = try #require(response.setCookie(AdminClient.sessionCookie))
            let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            #expect(attributes.contains("httponly"))
            #expect(attributes.contains("samesite=strict"))
            #expect(attributes.contains("path=/admin"))
            #expect(attributes.contains("max-age=\(Int(AdminAccounts.sessionLifetime))"))
            #expect(admin.session?.count == 64)
            let table = try await admin.get("/admin/products")
            #expect(table.status == .ok)
            #expect(table.text.contains("<h1>상품 관리</h1>"))
        }
    }

    @Test func aSafeNextIsFollowed() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            let response = try await admin.signIn(next: "/admin/history?page=2")
            #expect(response.status == .seeOther)
            #expect(response.location == "/admin/history?page=2")
        }
    }

    @Test(arguments: ["//evil.example", "/products", "https://evil.example/admin/", "/admin/login", "/\\evil.example"])
    func anUnsafeNextGoesToTheTableInstead(next: String) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            let response = try await admin.signIn(next: next)
            #expect(response.status == .seeOther)
            #expect(response.location == "/admin/products")
        }
    }

    @Test func wrongPasswordAnswers401WithAMessageAndNoSession() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            let response = try await admin.signIn(password: "not-the-admin-pass")
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("<p class=\"field-error\" id=\"admin-password-error\">비밀번호가 맞지 않습니다."))
            #expect(response.tag(withID: "admin-password")?.contains("aria-invalid=\"true\"") == true)
            #expect(response.setCookie(AdminClient.sessionCookie) == nil)
            #expect(admin.session == nil)
            let table = try await admin.get("/admin/products")
            #expect(table.status == .seeOther)
        }
    }

    /// In the page's language: the Korean words as written, the English ones from its file (and not the Korean).
    @Test(arguments: [Language.korean, .english])
    func afterThreeWrongPasswordsEvenTheRightOneMustWait(language: Language) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            if language != .korean { _ = try await admin.get("/language/\(language.rawValue)?return=/admin/login") }
            let a = language.adminStrings
            for attempt in 1...3 {
                let response = try await admin.signIn(password: "guess-number-\(attempt)")
                #expect(response.status == .unauthorized, "attempt \(attempt)")
                // The miss that starts the wait says when the next try is allowed; the free ones do not.
                let wait = response.headers[.retryAfter].flatMap { Int($0) }
                if attempt < 3 {
                    #expect(wait == nil, "attempt \(attempt)")
                    #expect(response.text.contains(HTMLEscaping.escape(a[.loginWrong])), "attempt \(attempt)")
                    #expect(!response.text.contains("다시 시도할 수 있습니다"), "attempt \(attempt)")
                } else {
                    #expect((wait ?? 0) > 0)
                    #expect(response.text.contains(HTMLEscaping.escape(a.loginWrong(thenWait: wait ?? 0))))
                    if language == .korean {
                        #expect(response.text.contains("비밀번호가 맞지 않습니다. \(wait ?? 0)초 후에 다시 시도할 수 있습니다."))
                    } else {
                        #expect(!response.text.contains("초 후에"), "no Korean on the English page")
                    }
                }
            }
            let blocked = try await admin.signIn()
            #expect(blocked.status == .tooManyRequests)
            let seconds = try #require(blocked.headers[.retryAfter].flatMap { Int($0) })
            #expect(blocked.text.contains(HTMLEscaping.escape(a.loginThrottled(seconds: seconds))))
            if language == .korean { #expect(blocked.text.contains("초 후에 다시 시도해 주세요")) }
            #expect(blocked.setCookie(AdminClient.sessionCookie) == nil)
            #expect(admin.session == nil)
        }
    }

    @Test(arguments: [
        "/admin/products", "/admin/products?sort=price&dir=asc", "/admin/history", "/admin/history?product=1", "/admin/products/1",
        "/admin/products/1/edit", "/admin/export.csv", "/admin/export.csv?stock=out",
    ])
    func signedOutPagesRedirectToSignInWithNext(path: String) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .seeOther)
            #expect(response.location?.hasPrefix("/admin/login?next=") == true, "\(response.location ?? "no location")")
            #expect(response.loginNext == path)
            #expect(!response.text.contains("<table"))
        }
    }

    @Test func signedOutPostsRedirectToSignInAndChangeNothing() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var visitor = StorefrontBrowser(client)
            try await visitor.get("/admin/login")
            let response = try await visitor.post("/admin/products/delete/confirm", fields: [("ids", "1"), ("ids", "2")])
            #expect(response.status == .seeOther)
            #expect(response.location?.hasPrefix("/admin/login") == true)
            #expect(try TestSupport.counts(in: directory).products == 24)
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let oldSession = try #require(admin.session)
            try await admin.get("/admin/products")
            let response = try await admin.post("/admin/logout", fields: [])
            #expect(response.status == .seeOther)
            #expect(response.location == "/admin/login")
            #expect(response.setCookie(AdminClient.sessionCookie)?.contains("Max-Age=0") == true)
            // The old cookie, replayed by someone who copied it, no longer opens anything.
            let csrf = try #require(admin.browser.cookies["csrf"])
            let replay = try await client.execute(
                uri: "/admin/products", method: .get, headers: [.cookie: "csrf=\(csrf); \(AdminClient.sessionCookie)=\(oldSession)"])
            #expect(replay.status == .seeOther)
            #expect(replay.location?.hasPrefix("/admin/login") == true)
        }
    }

    @Test func postsWithoutTheCSRFTokenAreRefused() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = AdminClient(client)
            try await admin.get("/admin/login")
            let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let login = try await admin.browser.send(
                "/admin/login", body: ByteBuffer(string: "password=\(AdminClient.password)"), headers: headers)
            #expect(login.status == .forbidden)
            #expect(login.setCookie(AdminClient.sessionCookie) == nil)

            admin = try await AdminClient.signedIn(client)
            let id = try #require(try await MarketProbe.products(via: client).first).id
            let delete = try await admin.browser.send("/admin/products/delete/confirm", body: ByteBuffer(string: "ids=\(id)"), headers: headers)
            #expect(delete.status == .forbidden)
            let forged = try await admin.post("/admin/products/delete/confirm", fields: [("_csrf", String(repeating: "ab", count: 32)), ("ids", "\(id)")])
            #expect(forged.status == .forbidden)
            #expect(try TestSupport.counts(in: directory).products == 24)
            #expect(try await MarketProbe.product(id, via: client) != nil)
        }
    }

    /// The router test client always says `localhost`; another host name needs a real connection.
    @Test func unknownHostIsRefusedEvenWithAValidSession() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let admin = try await AdminClient.signedIn(client)
            let session = try #require(admin.session)
            let port = try #require(client.port)
            func raw(host: String) async throws -> String {
                let socket = try await RawSocket.connect(port: port)
                try await socket.send(
                    "GET /admin/products HTTP/1.1\r\nHost: \(host)\r\nCookie: \(AdminClient.sessionCookie)=\(session)\r\nConnection: close\r\n\r\n")
                // Generous: other suites run in parallel and can slow the first render down.
                return await socket.receiveUntilClosed(timeout: .seconds(15)).text
            }
            let evil = try await raw(host: "evil.example")
            #expect(evil.hasPrefix("HTTP/1.1 421"), "\(evil.prefix(120))")
            #expect(evil.contains("이 주소로는 관리자 콘솔을 열 수 없습니다."))
            #expect(!evil.contains("<table"))
            let rebound = try await raw(host: "evil.example:\(port)")
            #expect(rebound.hasPrefix("HTTP/1.1 421"), "\(rebound.prefix(120))")
            let local = try await raw(host: "localhost:8080")
            #expect(local.hasPrefix("HTTP/1.1 200"), "\(local.prefix(120))")
            #expect(local.contains("<table"))
            let loopback = try await raw(host: "127.0.0.1:\(port)")
            #expect(loopback.hasPrefix("HTTP/1.1 200"), "\(loopback.prefix(120))")
        }
    }

    @Test func unknownHostCannotEvenSeeTheSignInPage() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let socket = try await RawSocket.connect(port: try #require(client.port))
            try await socket.send("GET /admin/login HTTP/1.1\r\nHost: rebind.evil.example\r\nConnection: close\r\n\r\n")
            let text = await socket.receiveUntilClosed(timeout: .seconds(15)).text
            #expect(text.hasPrefix("HTTP/1.1 421"), "\(text.prefix(120))")
            #expect(!text.contains("name=\"password\""))
        }
    }
}
