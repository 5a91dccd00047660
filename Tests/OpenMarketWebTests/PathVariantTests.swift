import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Other spellings of a path never reach a route: `//admin/products` once reached the admin console without
/// signing in, because the guard compared path strings while the router read the path its own way.
@Suite("Non-canonical paths", .timeLimit(.minutes(10)))
struct PathVariantTests {
    /// Each spells a canonical path `/first/rest` (`/admin/products`) another way a lenient server might route the same.
    static let variants: [(name: String, spell: @Sendable (_ first: String, _ rest: String) -> String)] = [
        ("double slash", { "//\($0)/\($1)" }),
        ("triple slash", { "///\($0)/\($1)" }),
        ("dot segment first", { "/./\($0)/\($1)" }),
        ("dot segment inside", { "/\($0)/./\($1)" }),
        ("dot-dot segment", { "/x/../\($0)/\($1)" }),
        ("encoded dot-dot", { "/x/%2e%2e/\($0)/\($1)" }),
        ("mixed dot-dot", { "/x/.%2E/\($0)/\($1)" }),
        ("empty segment inside", { "/\($0)//\($1)" }),
        ("encoded slash first", { "/%2F\($0)/\($1)" }),
        ("encoded slash inside", { "/\($0)%2F\($1)" }),
        ("lower-case encoded slash", { "/\($0)%2f\($1)" }),
        ("encoded letter", { "/%\(String(UInt8(ascii: $0.unicodeScalars.first ?? "a"), radix: 16))\($0.dropFirst())/\($1)" }),
        ("semicolon parameter", { "/\($0);x=1/\($1)" }),
        ("semicolon at the end", { "/\($0)/\($1);jsessionid=1" }),
        ("backslash", { "/\($0)\\\($1)" }),
        ("encoded backslash", { "/\($0)%5C\($1)" }),
        ("upper case", { "/\($0.uppercased())/\($1)" }),
        // A trailing slash is routed (pages redirect, the APIs answer), but only on an otherwise canonical path.
        ("double slash, trailing slash", { "//\($0)/\($1)/" }),
        ("dot segment, trailing slash", { "/./\($0)/\($1)/" }),
        ("dot-dot segment, trailing slash", { "/x/../\($0)/\($1)/" }),
        ("two trailing slashes", { "/\($0)/\($1)//" }),
        ("encoded slash, trailing slash", { "/\($0)%2F\($1)/" }),
        ("encoded trailing slash", { "/\($0)/\($1)%2F" }),
        ("semicolon before trailing slash", { "/\($0)/\($1);x=1/" }),
        ("backslash, trailing slash", { "/\($0)\\\($1)/" }),
    ]

    /// The one variant that is routed: one trailing slash on a canonical path.
    static let trailingSlash: @Sendable (_ first: String, _ rest: String) -> String = { "/\($0)/\($1)/" }

    @Test func canonicalPathsAreRecognised() {
        for path in ["/", "/products", "/products/12/edit", "/admin/export.csv", "/api/products/5e0b-7a1c", "/images/ab_thumb.png"] {
            #expect(CanonicalPath.isCanonical(path), "\(path)")
        }
        for path in ["", "*", "products", "//", "/products/", "/./products", "/products/..", "/a//b", "/a%2Fb", "/a;b", "/a\\b", "/a b", "/ä"] {
            #expect(!CanonicalPath.isCanonical(path), "\(path)")
        }
        for path in ["/products/", "/admin/", "/api/products/5/", "/item/", "/admin/export.csv/"] {
            #expect(CanonicalPath.spelling(of: path) == .trailingSlash, "\(path)")
        }
        // Only a canonical path with one slash added: never `/` doubled, whose redirect would be protocol-relative.
        for path in ["//", "///", "//admin/", "//evil.example/", "/admin//", "/./admin/", "/../", "/admin/../", "/a%2F/", "/a;b/", "/a\\/", "/a/%2F"] {
            #expect(CanonicalPath.spelling(of: path) == .other, "\(path)")
        }
        #expect(CanonicalPath.spelling(of: "/") == .canonical)
    }

    /// Page, CSV, bulk delete with a valid storefront CSRF token, and an edit: in every spelling, without signing
    /// in, none shows admin content, none changes the market, none fails on our side.
    @Test func noSpellingOfAnAdminPathSkipsSignIn() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            var visitor = StorefrontBrowser(client)
            try await visitor.get(SiteURLs.newProduct)
            let token = try #require(visitor.formToken)
            let csrfCookie = try #require(visitor.cookies["csrf"])
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let before = try TestSupport.counts(in: directory)
            let deleteBody = FormEncoding.urlEncoded([("_csrf", token), ("ids", String(lantern.id)), ("ids", "1"), ("ids", "2")])
            let editBody = FormEncoding.urlEncoded(
                [("_csrf", token)] + lantern.editFields(password: "", changing: ["name": "바뀐 이름의 랜턴"]).filter { $0.0 != "password" })
            let requests: [(method: String, path: String, body: String?)] = [
                ("GET", "/admin/products", nil),
                ("GET", "/admin/export.csv", nil),
                ("POST", "/admin/products/delete/confirm", deleteBody),
                ("POST", "/admin/products/\(lantern.id)/edit", editBody),
            ]
            var tried = 0
            for variant in Self.variants {
                for request in requests {
                    let path = variant.spell("admin", String(request.path.dropFirst("/admin/".count)))
                    let answer = try await RawHTTP.send(
                        port: port, method: request.method, path: path, cookie: "csrf=\(csrfCookie)", formBody: request.body)
                    tried += 1
                    let context = "\(variant.name): \(request.method) \(path) → \(answer.status)"
                    #expect(answer.status < 500, "\(context)")
                    #expect(answer.status != 200 && answer.status != 303, "\(context)")
                    #expect(!answer.body.contains("<table"), "\(context)")
                    #expect(!answer.body.contains("id,name,vendor"), "\(context)")
                }
            }
            #expect(tried >= 60)
            #expect(try TestSupport.counts(in: directory) == before)
            #expect(try await MarketProbe.product(lantern.id, via: client)?.name == lantern.name)
        }
    }

    /// `/admin/products/` goes to `/admin/products` (308, query kept), which is guarded as ever: without a session
    /// the sign-in page, with one the table. A post keeps its method and body through a 308, to the guarded route.
    @Test func aConsolePathWithATrailingSlashRedirectsToItsGuardedSpelling() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            let redirects = [
                ("GET", "/admin/", "/admin"), ("GET", "/admin/products/?sort=name&dir=asc", "/admin/products?sort=name&dir=asc"),
                ("HEAD", "/admin/products/", "/admin/products"), ("GET", "/admin/export.csv/", "/admin/export.csv"),
                ("GET", "/admin/history/", "/admin/history"), ("POST", "/admin/products/delete/confirm/", "/admin/products/delete/confirm"),
            ]
            for (method, path, target) in redirects {
                let answer = try await RawHTTP.send(port: port, method: method, path: path, formBody: method == "POST" ? "ids=1" : nil)
                #expect(answer.status == 308 && answer.location == target, "\(method) \(path) → \(answer.status) \(answer.location ?? "")")
                #expect(!answer.body.contains("<table") && !answer.body.contains("id,name,vendor"), "\(path)")
                let followed = try await RawHTTP.send(port: port, method: method, path: target, formBody: method == "POST" ? "ids=1" : nil)
                #expect(followed.status == 303 && followed.location?.hasPrefix("/admin/login") == true, "\(method) \(target) → \(followed.status)")
            }
            var admin = try await AdminClient.signedIn(client)
            let signedIn = try await admin.get("/admin/products/")
            #expect(signedIn.status == .permanentRedirect && signedIn.headers[.location] == "/admin/products")
            #expect(try await admin.get("/admin/products").text.contains("<table"))
        }
    }

    /// A redirect is only ever to this site: whatever a path with a trailing slash holds, the target is a path of
    /// ours without it, never `//host` (protocol-relative) or a scheme.
    @Test func aTrailingSlashNeverRedirectsAway() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            let elsewhere = [
                "//evil.example/", "///evil.example/", "//evil.example//", "/\\evil.example/", "/%2F%2Fevil.example/", "/./evil.example/",
                "/evil.example/", "/https:/evil.example/", "//", "///",
            ]
            for path in elsewhere {
                let answer = try await RawHTTP.send(port: port, method: "GET", path: path)
                #expect(answer.status == 404 && answer.location == nil, "\(path) → \(answer.status) \(answer.location ?? "")")
            }
            for (path, target) in [
                ("/products/?q=//evil.example", "/products?q=//evil.example"), ("/products/new/", "/products/new"), ("/likes/?page=2", "/likes?page=2"),
                ("/css/site.css/", "/css/site.css"), ("/ready/", "/ready"),
            ] {
                let answer = try await RawHTTP.send(port: port, method: "GET", path: path)
                #expect(answer.status == 308 && answer.location == target, "\(path) → \(answer.status) \(answer.location ?? "")")
            }
        }
    }

    @Test func storefrontAndAPISpellingsAre404WhileTheCanonicalOnesWork() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let paths = [
                ("products", "\(lantern.id)"), ("products", "new"), ("api", "products/\(lantern.id)"), ("api", "products"),
                ("item", "\(lantern.id)"), ("items", "1"),
            ]
            for (first, rest) in paths {
                let path = "/\(first)/\(rest)"
                let answer = try await RawHTTP.send(port: port, method: "GET", path: path)
                #expect(answer.status == 200, "\(path) → \(answer.status)")
                for variant in Self.variants {
                    let spelled = variant.spell(first, rest)
                    let other = try await RawHTTP.send(port: port, method: "GET", path: spelled)
                    #expect(other.status == 404, "\(variant.name): \(spelled) → \(other.status)")
                    #expect(other.location == nil, "\(variant.name): \(spelled) → \(other.location ?? "")")
                }
                // One trailing slash: the APIs answer as without it, a page sends the browser there.
                let slashed = try await RawHTTP.send(port: port, method: "GET", path: Self.trailingSlash(first, rest))
                if first == "products" {
                    #expect(slashed.status == 308 && slashed.location == path, "\(path)/ → \(slashed.status) \(slashed.location ?? "")")
                } else {
                    #expect(slashed.status == 200 && slashed.body == answer.body, "\(path)/ → \(slashed.status)")
                }
            }
            // The 404 of a mis-spelled page is a page, with the site around it.
            let page = try await RawHTTP.send(port: port, method: "GET", path: "//products")
            #expect(page.body.contains("<!DOCTYPE html>"))
        }
    }
}

/// One request over a fresh connection, written byte for byte as given (like `curl --path-as-is`).
enum RawHTTP {
    struct Answer {
        var status: Int
        var body: String
        /// The `Location` header, if any.
        var location: String?
    }

    static func send(port: Int, method: String, path: String, cookie: String? = nil, formBody: String? = nil) async throws -> Answer {
        let socket = try await RawSocket.connect(port: port)
        var request = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        if let formBody {
            request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(formBody.utf8.count)\r\n\r\n\(formBody)"
        } else {
            request += "\r\n"
        }
        try await socket.send(request)
        let text = await socket.receiveUntilClosed(timeout: .seconds(15)).text
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        let location = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("location:") }
            .map { $0.dropFirst("location:".count).trimmingCharacters(in: .whitespaces) }
        return Answer(status: status, body: body, location: location)
    }
}
