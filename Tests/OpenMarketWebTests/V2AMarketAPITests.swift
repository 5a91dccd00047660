import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The v2a ("market-training") API on its own listener of the same process, over real HTTP.
@Suite("v2a API", .timeLimit(.minutes(10)))
struct V2AMarketAPITests {
    private func json(_ response: TestClient.Response) throws -> NSDictionary {
        let body = response.body ?? ByteBuffer()
        return try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? NSDictionary)
    }

    private func text(_ response: TestClient.Response) -> String {
        response.body.map { String(buffer: $0) } ?? ""
    }

    /// The main application with a v2a listener, a client on each, and the data directory.
    private func withBothPorts(
        _ test: @escaping @Sendable (_ main: any TestClientProtocol, _ v2a: TestClient, _ dataDirectory: URL) async throws -> Void
    ) async throws {
        var config = TestSupport.configuration()
        config.v2aPort = try TestSupport.freePort()
        // On a busy machine a step can take longer than the default idle timeout, which would close the kept connection.
        config.idleTimeout = .seconds(300)
        let port = try #require(config.v2aPort)
        let dataDirectory = config.dataDirectory
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { main in
            // The v2a listener opens once the start-up work is done.
            try await TestSupport.waitUntilListening(port: port)
            try await TestClient.withClient(host: "127.0.0.1", port: port) { v2a in
                try await test(main, v2a, dataDirectory)
            }
        }
    }

    private static let dateV2A = #"^\d{4}-\d{2}-\d{2}T00:00:00\.00$"#

    @Test func listUsesTheSnakeCaseEnvelopeWhileTheMainPortKeepsV2b() async throws {
        try await withBothPorts { main, v2a, _ in
            let health = try await v2a.get("/healthChecker")
            #expect(health.status == .ok)
            #expect(text(health) == "\"OK\"")

            let response = try await v2a.get("/api/products?page_no=2&items_per_page=5")
            #expect(response.status == .ok)
            let page = try json(response)
            #expect(Set(page.allKeys as? [String] ?? []) == [
                "page_no", "items_per_page", "total_count", "offset", "limit", "last_page", "has_next", "has_prev", "pages",
            ])
            #expect(page["page_no"] as? Int == 2)
            #expect(page["total_count"] as? Int == 24)
            #expect(page["offset"] as? Int == 5)
            #expect(page["limit"] as? Int == 10)
            #expect(page["last_page"] as? Int == 5)
            #expect(page["has_next"] as? Bool == true)
            #expect(page["has_prev"] as? Bool == true)
            let items = try #require(page["pages"] as? [NSDictionary])
            #expect(items.count == 5)
            #expect(Set(items[0].allKeys as? [String] ?? []) == [
                "id", "vendor_id", "name", "thumbnail", "currency", "price", "bargain_price", "discounted_price", "stock", "created_at", "issued_at",
            ])
            let created = try #require(items[0]["created_at"] as? String)
            #expect(created.range(of: Self.dateV2A, options: .regularExpression) != nil, "\(created)")
            // The thumbnail is served by the listener whose answer named it.
            let thumbnail = try #require((items[0]["thumbnail"] as? String).flatMap(URL.init(string:)))
            #expect(thumbnail.port != nil && thumbnail.port != main.port)
            #expect(try await v2a.get(thumbnail.path).status == .ok)
            // And the decoder of the core client reads the answer.
            let decoded = try JSONDecoder().decode(ProductPage.self, from: Data((response.body ?? ByteBuffer()).readableBytesView))
            #expect(decoded.products.count == 5)

            let pastTheEnd = try await v2a.get("/api/products?page_no=6&items_per_page=5")
            #expect(pastTheEnd.status == .noContent)
            #expect((pastTheEnd.body?.readableBytes ?? 0) == 0)

            try await main.execute(uri: "/api/products?page_no=1&items_per_page=5", method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? NSDictionary)
                #expect(object["pageNo"] as? Int == 1)
                #expect(object["page_no"] == nil)
            }
        }
    }

    @Test func createShowPatchAndDeleteWithTheSecretToken() async throws {
        try await withBothPorts { main, v2a, dataDirectory in
            let before = try TestSupport.counts(in: dataDirectory)
            var upload = try UploadBody.valid(imageCount: 2)
            // v2a apps call the description `descriptions`.
            upload.params = try String(decoding: JSONSerialization.data(withJSONObject: [
                "name": "Ceramic Mug", "descriptions": "Glazed stoneware mug, 350 ml, dishwasher safe.", "price": 12000,
                "currency": "KRW", "discounted_price": 2000, "stock": 7, "secret": TestSupport.vendor.secret,
            ]), as: UTF8.self)
            let created = try await v2a.execute(TestClient.Request(
                "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()))
            #expect(created.status == .created, "\(text(created))")
            let detail = try json(created)
            let id = try #require(detail["id"] as? Int)
            #expect(detail["description"] as? String == "Glazed stoneware mug, 350 ml, dishwasher safe.")
            #expect(detail["bargain_price"] as? Double == 10000)
            let vendor = try #require(detail["vendors"] as? NSDictionary)
            #expect(Set(vendor.allKeys as? [String] ?? []) == ["name", "id", "created_at", "issued_at"])
            let vendorCreated = try #require(vendor["created_at"] as? String)
            #expect(vendorCreated.range(of: Self.dateV2A, options: .regularExpression) != nil)
            let images = try #require(detail["images"] as? [NSDictionary])
            #expect(images.count == 2)
            #expect(images.allSatisfy { $0["succeed"] as? Bool == true })
            #expect(try TestSupport.counts(in: dataDirectory).products == before.products + 1)

            let shown = try json(try await v2a.get("/api/products/\(id)"))
            #expect(shown == detail)

            // v2a apps PATCH without a Content-Type.
            let patched = try await v2a.execute(TestClient.Request(
                "/api/products/\(id)", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                body: ByteBuffer(
                    string: #"{"descriptions":"Glazed stoneware mug, blue glaze.","stock":3,"secret":"\#(TestSupport.vendor.secret)"}"#)))
            #expect(patched.status == .ok, "\(text(patched))")
            #expect(try json(patched)["description"] as? String == "Glazed stoneware mug, blue glaze.")
            #expect(try json(patched)["stock"] as? Int == 3)

            // Delete: the product secret as plain text, then DELETE /api/products/{id}/{secret}.
            let secret = try await v2a.post(
                "/api/products/\(id)/secret", headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"secret":"\#(TestSupport.vendor.secret)"}"#))
            #expect(secret.status == .ok)
            let token = text(secret)
            #expect(!token.isEmpty && !token.contains("/") && Int(token) == nil)
            let deleted = try await v2a.delete(
                "/api/products/\(id)/\(token)", headers: [.identifier: TestSupport.vendor.identifier], body: ByteBuffer())
            #expect(deleted.status == .ok)
            #expect(try json(deleted)["id"] as? Int == id)
            #expect(try json(deleted)["vendors"] is NSDictionary)
            #expect(try await v2a.get("/api/products/\(id)").status == .notFound)
            try await main.execute(uri: "/api/products/\(id)", method: .get) { response in
                #expect(response.status == .notFound)
            }
            #expect(try TestSupport.counts(in: dataDirectory) == before)
        }
    }

    @Test func refusalsOnTheV2aPortChangeNothing() async throws {
        try await withBothPorts { _, v2a, dataDirectory in
            let before = try TestSupport.counts(in: dataDirectory)
            let wrong = try await v2a.post(
                "/api/products/1/secret", headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"secret":"not-the-secret"}"#))
            #expect(wrong.status == .unauthorized)
            #expect(try json(wrong)["status"] as? Int == 401)
            let forged = try await v2a.delete(
                "/api/products/1/5e0b7c1a-7a1c-11ec-9173-0242ac120002", headers: [.identifier: TestSupport.vendor.identifier], body: ByteBuffer())
            #expect(forged.status == .notFound)
            let noParams = try await v2a.post(
                "/api/products", headers: [.identifier: TestSupport.vendor.identifier, .contentType: "multipart/form-data; boundary=x"],
                body: ByteBuffer(string: "--x--\r\n"))
            #expect(noParams.status == .badRequest)
            #expect(try TestSupport.counts(in: dataDirectory) == before)
        }
    }

    @Test func theV2aPortNeedsTheEmbeddedMarket() async throws {
        var config = TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:9"))))
        config.v2aPort = 0
        await #expect {
            _ = try await buildApplication(config)
        } throws: { error in
            (error as? StartupError)?.description.contains("--v2a-port") == true
        }
    }
}
