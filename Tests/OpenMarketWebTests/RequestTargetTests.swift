import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOHTTP1
import Testing
@testable import OpenMarketWeb

/// One request, one host, one spelling: several `Host` fields and absolute-form targets of another scheme or host
/// are refused (RFC 9112), and a product is reached only through its id as our links write it.
@Suite("Request targets", .timeLimit(.minutes(10)))
struct RequestTargetTests {
    /// The status line of a request sent as raw bytes to a live application.
    static func statusLine(_ request: String, port: Int) async throws -> String {
        let socket = try await RawSocket.connect(port: port)
        try await socket.send(request)
        let text = await socket.receiveUntilClosed(timeout: .seconds(15)).text
        // "\r\n" is one Character: split the text, not its characters.
        return text.components(separatedBy: "\r\n").first ?? ""
    }

    @Test(.timeLimit(.minutes(5))) func twoHostFieldsAreABadRequest() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            for path in ["/products", "/admin/login", "/api/products", "/healthChecker"] {
                let status = try await Self.statusLine(
                    "GET \(path) HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n", port: port)
                #expect(status == "HTTP/1.1 400 Bad Request", "\(path): \(status)")
            }
            let one = try await Self.statusLine("GET /products HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
            #expect(one == "HTTP/1.1 200 OK")
        }
    }

    @Test(.timeLimit(.minutes(5))) func anAbsoluteFormTargetMustNameAnAllowedHostOverHTTP() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            for target in [
                "x://y/admin/products", "x://localhost/admin/login", "ftp://localhost/products", "http://evil.example/admin/login",
                "https://evil.example/products", "http://user@localhost/products", "localhost:80",
            ] {
                let status = try await Self.statusLine("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
                #expect(status == "HTTP/1.1 400 Bad Request", "\(target): \(status)")
            }
            // The target's own host is the one that counts (RFC 9112 §3.2.2), whatever the Host field says.
            for target in ["http://localhost:\(port)/products", "HTTP://127.0.0.1/admin/login", "https://localhost/products?page=2"] {
                let status = try await Self.statusLine("GET \(target) HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", port: port)
                #expect(status == "HTTP/1.1 200 OK", "\(target): \(status)")
            }
        }
    }

    @Test func aClientCannotSendTheCheckersOwnField() async throws {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/products", headers: ["Host": "localhost"])
        #expect(RequestTargetCheck.inspect(&head) == nil)
        head.headers.add(name: "Host", value: "localhost")
        #expect(RequestTargetCheck.inspect(&head) == .severalHosts)
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let status = try await Self.statusLine(
                "GET /products HTTP/1.1\r\nHost: localhost\r\n\(RequestTarget.problemField.rawName): absolute\r\nConnection: close\r\n\r\n",
                port: try #require(client.port))
            #expect(status == "HTTP/1.1 200 OK")
        }
    }

    @Test(arguments: ["01", "+1", "1.0", "0", "-1", "00001", "1e0", "0x1", "99999999999999999999"])
    func onlyTheCanonicalSpellingOfAnIdRoutes(spelling: String) async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            for path in [
                "/products/\(spelling)", "/products/\(spelling)/edit", "/products/\(spelling)/delete", "/api/products/\(spelling)",
                "/item/\(spelling)", "/items/\(spelling)", "/sellers/\(spelling)",
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path): \(response.status)")
            }
            #expect(try await client.execute(uri: "/products/1", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/api/products/1", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/items/1", method: .get).status == .ok)
        }
        #expect(PathNumber.positive("1") == 1 && PathNumber.positive("120") == 120)
        #expect(PathNumber.positive(spelling) == nil)
    }
}
