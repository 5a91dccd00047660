import Foundation
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `Host` is read strictly, and only hosts we answer to are ever written into URLs.
@Suite("Host header", .timeLimit(.minutes(10)))
struct HostHeaderTests {
    @Test func hostAndPortAreReadStrictly() {
        #expect(HostHeader("LocalHost:8080") == HostHeader("localhost:8080"))
        #expect(HostHeader("localhost:8080")?.name == "localhost")
        #expect(HostHeader("localhost:8080")?.port == 8080)
        #expect(HostHeader("127.0.0.1")?.authority == "127.0.0.1")
        #expect(HostHeader("[::1]:9000")?.name == "[::1]")
        #expect(HostHeader("[::1]:9000")?.port == 9000)
        #expect(HostHeader("[FE80::1]")?.name == "[fe80::1]")
        #expect(HostHeader("[FE80::1]")?.port == nil)
        #expect(HostHeader("Market.Example:00443")?.authority == "market.example:443")
        #expect(HostHeader("a")?.authority == "a")
        for forged in [
            "127.0.0.1:80@evil.example", "evil.example/x", "a b", "host:", "host:0", "host:65536", "host:8080:1", "host:+80",
            "[::1", "[::1]x", "[::1]:", "[]", "[evil.example]", "host:123456", "host:8a", "", ":80", "-evil", ".evil", "évil.example", "host\r\nx: y",
        ] {
            #expect(HostHeader(forged) == nil, "\(forged)")
        }
    }

    @Test func userinfoInHostIsRefusedByTheConsole() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let socket = try await RawSocket.connect(port: try #require(client.port))
            try await socket.send("GET /admin/login HTTP/1.1\r\nHost: 127.0.0.1:80@evil.example\r\nConnection: close\r\n\r\n")
            let text = await socket.receiveUntilClosed(timeout: .seconds(15)).text
            #expect(!text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(120))")
            #expect(!text.contains("name=\"password\""))
        }
    }

    @Test func aForeignHostIsNeverReflectedIntoImageURLs() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            func imageOrigins(host: String) async throws -> Set<String> {
                let socket = try await RawSocket.connect(port: port)
                try await socket.send("GET /api/products?items_per_page=5 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                let text = await socket.receiveUntilClosed(timeout: .seconds(15)).text
                let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
                let page = try JSONDecoder().decode(ProductPage.self, from: Data(body.utf8))
                return Set(page.products.map { URL(string: $0.thumbnailURL).map { "\($0.scheme ?? "")://\($0.host ?? ""):\($0.port ?? 0)" } ?? "" })
            }
            #expect(try await imageOrigins(host: "evil.example") == ["http://127.0.0.1:\(port)"])
            #expect(try await imageOrigins(host: "127.0.0.1:80@evil.example") == ["http://127.0.0.1:\(port)"])
            #expect(try await imageOrigins(host: "localhost:\(port)") == ["http://localhost:\(port)"])
        }
    }
}
