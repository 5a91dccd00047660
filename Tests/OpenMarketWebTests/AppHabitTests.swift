import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Requests as the OpenMarket apps of each generation write them, byte for byte (`Tests/API/requests`): a trailing
/// slash on every API path, paths and methods the API does not have, and the 2021 apps' multipart bodies.
@Suite("Real apps' habits", .timeLimit(.minutes(5)))
struct AppHabitTests {
    private static let vendor = ["identifier": TestSupport.vendor.identifier, "secret": TestSupport.vendor.secret]

    /// Answers in JSON have one type, on every status.
    private func expectJSON(_ answer: RequestFixture.Answer, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, "\(answer.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(answer.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
    }

    /// The v2 error document: what the Spring server's apps never parse, but a person reading it can.
    private func expectV2Error(_ answer: RequestFixture.Answer, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectJSON(answer, status, sourceLocation: sourceLocation)
        let body = try answer.json()
        #expect(Set(body.keys).isSuperset(of: ["timestamp", "status", "error", "message", "path"]), sourceLocation: sourceLocation)
        #expect(body["status"] as? Int == status, sourceLocation: sourceLocation)
    }

    @Test func v2bAppsTrailingSlashesAnswerAsWithout() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            let before = try TestSupport.counts(in: config.dataDirectory)
            let created = try await RequestFixture.send("v2b-create-trailing-slash", port: port, Self.vendor)
            expectJSON(created, 201)
            let id = try #require(try created.json()["id"] as? Int)
            #expect(try TestSupport.counts(in: config.dataDirectory).products == before.products + 1)

            let page = try await RequestFixture.send("v2b-list-trailing-slash", port: port)
            expectJSON(page, 200)
            #expect(page.body == (try await RequestFixture.send("v2b-list-trailing-slash", port: port, withoutTrailingSlash: true)).body)
            let detail = try await RequestFixture.send("v2b-detail-trailing-slash", port: port, ["id": "\(id)"])
            expectJSON(detail, 200)
            let plainDetail = try await RequestFixture.send("v2b-detail-trailing-slash", port: port, ["id": "\(id)"], withoutTrailingSlash: true)
            #expect(detail.body == plainDetail.body)

            let patched = try await RequestFixture.send("v2b-patch-trailing-slash", port: port, Self.vendor.merging(["id": "\(id)"]) { $1 })
            expectJSON(patched, 200)
            #expect(try patched.json()["stock"] as? Int == 11)

            // Not routes of the API, still its answers: JSON, 405 with the methods the address takes, 404.
            let put = try await RequestFixture.send("v2b-unknown-method", port: port, Self.vendor.merging(["id": "\(id)"]) { $1 })
            try expectV2Error(put, 405)
            #expect(put.header("Allow") == "GET, PATCH, DELETE, HEAD")
            try expectV2Error(try await RequestFixture.send("v2b-unknown-path", port: port, ["id": "\(id)"]), 404)

            let archived = try await RequestFixture.send("v2b-archived-trailing-slash", port: port, Self.vendor.merging(["id": "\(id)"]) { $1 })
            #expect(archived.status == 200)
            let token = try #require(archived.text.split(separator: "/").last.map(String.init))
            let deleted = try await RequestFixture.send("v2b-delete-trailing-slash", port: port, Self.vendor.merging(["token": token]) { $1 })
            expectJSON(deleted, 200)
            #expect(try deleted.json()["id"] as? Int == id)
            #expect(try TestSupport.counts(in: config.dataDirectory) == before)
        }
    }

    @Test func v2aAppsTrailingSlashesAnswerAsWithoutOnTheirPort() async throws {
        var config = TestSupport.configuration()
        config.v2aPort = try TestSupport.freePort()
        let port = try #require(config.v2aPort)
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { _ in
            try await TestSupport.waitUntilListening(port: port)
            let created = try await RequestFixture.send("v2a-create-trailing-slash", port: port, Self.vendor)
            expectJSON(created, 201)
            let id = try #require(try created.json()["id"] as? Int)

            let page = try await RequestFixture.send("v2a-list-trailing-slash", port: port)
            expectJSON(page, 200)
            #expect(try page.json()["page_no"] as? Int == 1)
            expectJSON(try await RequestFixture.send("v2a-detail-trailing-slash", port: port, ["id": "\(id)"]), 200)
            let patched = try await RequestFixture.send("v2a-patch-trailing-slash", port: port, Self.vendor.merging(["id": "\(id)"]) { $1 })
            expectJSON(patched, 200)
            #expect(try patched.json()["description"] as? String == "Changed through /api/products/{id}/ without a Content-Type.")
            try expectV2Error(try await RequestFixture.send("v2a-unknown-path", port: port), 404)

            let secret = try await RequestFixture.send("v2a-secret-trailing-slash", port: port, Self.vendor.merging(["id": "\(id)"]) { $1 })
            #expect(secret.status == 200)
            let deleted = try await RequestFixture.send(
                "v2a-delete-trailing-slash", port: port, Self.vendor.merging(["id": "\(id)", "token": secret.text]) { $1 })
            expectJSON(deleted, 200)
            try expectV2Error(try await RequestFixture.send("v2a-detail-trailing-slash", port: port, ["id": "\(id)"]), 404)
        }
    }

    @Test func v1AppsTrailingSlashesEmptyPartsAndUnclosedBodiesWork() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let port = try #require(client.port)
            let password = ["password": "habit-pass-1"]
            let created = try await RequestFixture.send("v1-create-trailing-slash", port: port, password)
            expectJSON(created, 200)
            let item = try JSONDecoder().decode(V1Item.self, from: created.body)
            #expect(item.title == "Trailing slash mug" && item.discountedPrice == 10000 && item.images?.count == 1)
            let unclosed = try await RequestFixture.send("v1-create-unclosed", port: port, password)
            expectJSON(unclosed, 200)
            let second = try JSONDecoder().decode(V1Item.self, from: unclosed.body)
            #expect(second.title == "Unclosed body mug" && second.images?.count == 1)

            let page = try await RequestFixture.send("v1-list-trailing-slash", port: port)
            expectJSON(page, 200)
            #expect(page.body == (try await RequestFixture.send("v1-list-trailing-slash", port: port, withoutTrailingSlash: true)).body)
            let shown = try await RequestFixture.send("v1-item-trailing-slash", port: port, ["id": "\(item.id)"])
            #expect(try JSONDecoder().decode(V1Item.self, from: shown.body) == item)

            // The empty parts are fields left alone and the empty file part no photo: the title and the price change,
            // the sale price stays (a v1 server kept it), the photos stay.
            let patched = try await RequestFixture.send("v1-patch-empty-parts", port: port, password.merging(["id": "\(item.id)"]) { $1 })
            expectJSON(patched, 200)
            let changed = try JSONDecoder().decode(V1Item.self, from: patched.body)
            #expect(changed.title == "Renamed by a 2021 app" && changed.price == 15000 && changed.discountedPrice == 10000)
            #expect(changed.descriptions == item.descriptions && changed.currency == item.currency && changed.stock == item.stock)
            #expect(changed.images == item.images)
            let restocked = try await RequestFixture.send("v1-patch-unclosed", port: port, password.merging(["id": "\(item.id)"]) { $1 })
            expectJSON(restocked, 200)
            #expect(try JSONDecoder().decode(V1Item.self, from: restocked.body).stock == 21)

            let unknown = try await RequestFixture.send("v1-unknown-path", port: port)
            expectJSON(unknown, 404)
            #expect(try unknown.json().keys.sorted() == ["error", "reason"])

            for id in [item.id, second.id] {
                expectJSON(try await RequestFixture.send("v1-delete-trailing-slash", port: port, password.merging(["id": "\(id)"]) { $1 }), 200)
            }
            expectJSON(try await RequestFixture.send("v1-item-trailing-slash", port: port, ["id": "\(item.id)"]), 404)
        }
    }

    /// What an API does not have is still answered by that API, in its own JSON: a path below its roots, a method
    /// an address does not take (405 with `Allow`), even a method no route knows. A page's address stays a page's.
    @Test func pathsAndMethodsTheAPIsDoNotHaveGetTheirJSONErrors() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let propfind = HTTPRequest.Method("PROPFIND")!, query = HTTPRequest.Method("QUERY")!
            let v2: [(HTTPRequest.Method, String, HTTPResponse.Status, String?)] = [
                (propfind, "/api/products", .methodNotAllowed, "GET, POST, HEAD"), (query, "/api/nothing/here", .notFound, nil),
                (.get, "/api", .notFound, nil), (.post, "/api/products/1/archived/x", .notFound, nil),
            ]
            for (method, uri, status, allow) in v2 {
                let response = try await client.execute(uri: uri, method: method) { $0 }
                #expect(response.status == status, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/json", "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                #expect(try response.marketError().status == Int(status.code), "\(method) \(uri)")
            }
            let v1: [(HTTPRequest.Method, String, HTTPResponse.Status)] = [
                (.get, "/items", .notFound), (.get, "/items/1/2", .notFound), (.get, "/item/1/images", .notFound),
                (.delete, "/item/1/x/y", .notFound), (propfind, "/item/1", .methodNotAllowed), (query, "/items/1", .methodNotAllowed),
            ]
            for (method, uri, status) in v1 {
                let response = try await client.execute(uri: uri, method: method) { $0 }
                #expect(response.status == status, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/json", "\(method) \(uri)")
                let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                #expect(body?["error"] as? Bool == true && body?.count == 2, "\(method) \(uri)")
            }
            for (method, uri) in [(propfind, "/products"), (HTTPRequest.Method.get, "/itemz")] {
                let response = try await client.execute(uri: uri, method: method) { $0 }
                #expect(response.status == .notFound && response.headers[.contentType] == "text/html; charset=utf-8", "\(method) \(uri)")
            }
        }
    }

}
