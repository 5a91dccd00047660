import Foundation
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
        ("trailing slash", { "/\($0)/\($1)/" }),
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
    ]

    @Test func canonicalPathsAreRecognised() {
        for path in ["/", "/products", "/products/12/edit", "/admin/export.csv", "/api/products/5e0b-7a1c", "/images/ab_thumb.png"] {
            #expect(CanonicalPath.isCanonical(path), "\(path)")
        }
        for path in ["", "*", "products", "//", "/products/", "/./products", "/products/..", "/a//b", "/a%2Fb", "/a;b", "/a\\b", "/a b", "/ä"] {
            #expect(!CanonicalPath.isCanonical(path), "\(path)")
        }
    }

    /// Page, CSV, bulk delete with a valid storefront CSRF token, and an edit: in every spelling, without signing
    /// in, none shows admin content, none changes the market, none fails on our side.
    @Test func noSpellingOfAnAdminPathSkipsSignIn() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.test(.live) { client in
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

    @Test func storefrontAndAPISpellingsAre404WhileTheCanonicalOnesWork() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let paths = [("products", "\(lantern.id)"), ("products", "new"), ("api", "products/\(lantern.id)"), ("api", "products")]
            for (first, rest) in paths {
                let path = "/\(first)/\(rest)"
                let answer = try await RawHTTP.send(port: port, method: "GET", path: path)
                #expect(answer.status == 200, "\(path) → \(answer.status)")
                for variant in Self.variants {
                    let spelled = variant.spell(first, rest)
                    let other = try await RawHTTP.send(port: port, method: "GET", path: spelled)
                    #expect(other.status == 404, "\(variant.name): \(spelled) → \(other.status)")
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
        return Answer(status: status, body: body)
    }
}
