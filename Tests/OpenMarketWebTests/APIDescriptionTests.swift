import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import OpenMarketWeb

/// The OpenAPI descriptions are served as committed, and they and the router agree: every operation a description
/// names is routed, and every other method at a described path is refused with 405 and an `Allow` header that
/// lists exactly the described methods. (Tests/API checks the answers' bodies against the schemas.)
@Suite("API descriptions", .timeLimit(.minutes(10)))
struct APIDescriptionTests {
    private struct Description {
        var file: String
        /// Path template → its methods, upper case.
        var operations: [String: Set<String>]

        init(_ name: String) throws {
            file = name
            let url = TestSupport.packageRoot.appending(path: "Public/openapi/\(name).json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let methods: Set<String> = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]
            operations = paths.mapValues { Set($0.keys.filter(methods.contains).map { $0.uppercased() }) }
        }

        var bytes: Data {
            get throws { try Data(contentsOf: TestSupport.packageRoot.appending(path: "Public/openapi/\(file).json")) }
        }
    }

    /// A concrete path for a template: ids and pages 1, tokens a UUID nobody was given.
    private static func path(_ template: String) -> String {
        template.replacingOccurrences(of: "{id}", with: "1").replacingOccurrences(of: "{page}", with: "1")
            .replacingOccurrences(of: "{token}", with: "6f1c1d8e-0000-4000-8000-000000000000")
    }

    private static let everyMethod: [HTTPRequest.Method] =
        [.get, .head, .post, .put, .patch, .delete, .options, .trace, HTTPRequest.Method("QUERY")!]

    /// One request without a body: the status, the headers and the body's text.
    private typealias Send = @Sendable (HTTPRequest.Method, String) async throws -> (HTTPResponse.Status, HTTPFields, String)

    private func checkRoutes(_ description: Description, send: Send) async throws {
        #expect(!description.operations.isEmpty)
        for (template, described) in description.operations {
            let allowed = described.union(described.contains("GET") ? ["HEAD"] : [])
            for method in Self.everyMethod {
                let (status, headers, body) = try await send(method, Self.path(template))
                let where_ = "\(description.file): \(method) \(template) answered \(status.code)"
                if allowed.contains(method.rawValue) {
                    #expect(status != .methodNotAllowed, "\(where_)")
                    // Routed: a 404 here is about the product, never the address.
                    #expect(!body.contains("There is nothing at this address"), "\(where_)")
                } else {
                    #expect(status == .methodNotAllowed, "\(where_)")
                    let allow = Set((headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    #expect(allow == allowed, "\(where_): Allow \(allow)")
                    #expect(headers[.contentType]?.hasPrefix("application/json") == true, "\(where_)")
                }
            }
        }
    }

    @Test func mainPortServesV2bAndV1AsCommittedAndRoutesWhatTheyDescribe() async throws {
        let v2b = try Description("v2b"), v1 = try Description("v1")
        try await TestSupport.withEmbeddedApp { client, _ in
            for (uri, description) in [("/api/openapi.json", v2b), ("/openapi/v1.json", v1), ("/openapi/v2b.json", v2b)] {
                let response = try await client.execute(uri: uri, method: .get, headers: [:], body: nil)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(Data(response.body.readableBytesView) == (try description.bytes), "\(uri)")
                let etag = try #require(response.headers[.eTag])
                let again = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag], body: nil)
                #expect(again.status == .notModified)
            }
            let send: Send = { method, uri in
                let response = try await client.execute(uri: uri, method: method, headers: [:], body: nil)
                return (response.status, response.headers, String(buffer: response.body))
            }
            try await checkRoutes(v2b, send: send)
            try await checkRoutes(v1, send: send)
        }
    }

    @Test func v2aPortServesItsOwnDescriptionAndRoutesWhatItDescribes() async throws {
        var config = TestSupport.configuration()
        config.v2aPort = try TestSupport.freePort()
        config.idleTimeout = .seconds(300)
        let port = try #require(config.v2aPort)
        let v2a = try Description("v2a")
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { _ in
            try await TestSupport.waitUntilListening(port: port)
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                let response = try await client.get("/api/openapi.json")
                #expect(response.status == .ok)
                #expect(Data((response.body ?? ByteBuffer()).readableBytesView) == (try v2a.bytes))
                try await checkRoutes(v2a) { method, uri in
                    let response = try await client.execute(TestClient.Request(uri, method: method, headers: [:], body: nil))
                    return (response.status, response.headers, response.body.map { String(buffer: $0) } ?? "")
                }
            }
        }
    }
}
