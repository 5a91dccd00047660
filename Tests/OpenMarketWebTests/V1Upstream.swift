import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Remote mode against a v1 server: a second instance of our own server, whose first-generation API (`/items`,
/// `/item`) is all the front end uses. The upstream is read and written over fresh connections, as a v1 app would.
enum V1Upstream {
    /// The front end's `--secret`: the upstream password of the items it lists. Not the upstream vendor's secret
    /// (`TestSupport.vendor.secret`), which opens the upstream's sample items.
    static let frontEndSecret = "front-end-secret-9"

    /// Runs `body` with a live upstream (its port and data directory) and a front end in v1 remote mode.
    static func withFrontEnd(
        upstreamDirectory: URL = TestSupport.temporaryDirectory(), frontEndDirectory: URL = TestSupport.temporaryDirectory(),
        adminPassword: String? = nil,
        _ body: @escaping @Sendable (_ upstreamPort: Int, _ frontEnd: any TestClientProtocol) async throws -> Void
    ) async throws {
        let upstream = try await buildApplication(TestSupport.configuration(dataDirectory: upstreamDirectory))
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            var config = TestSupport.configuration(
                dataDirectory: frontEndDirectory, backend: .remote(try #require(URL(string: "http://127.0.0.1:\(port)"))))
            config.upstreamGeneration = .v1
            // v1 has no vendors: the secret alone lets the front end write.
            config.identifier = nil
            config.secret = frontEndSecret
            config.adminPassword = adminPassword
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { client in try await body(port, client) }
        }
    }

    static func send(
        _ method: HTTPRequest.Method, _ uri: String, port: Int, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(TestClient.Request(uri, method: method, headers: headers, body: body))
        }
    }

    static func decodeItem(_ response: TestClient.Response) throws -> V1Item {
        try JSONDecoder().decode(V1Item.self, from: Data(try #require(response.body).readableBytesView))
    }

    /// The upstream's item, or `nil` once it is gone.
    static func item(_ id: Int, port: Int) async throws -> V1Item? {
        let response = try await send(.get, "/item/\(id)", port: port)
        if response.status == .notFound { return nil }
        try #require(response.status == .ok, "GET /item/\(id) answered \(response.status)")
        return try decodeItem(response)
    }

    /// Every item of the upstream, newest first, read page by page as a v1 app does.
    static func items(port: Int) async throws -> [V1Item] {
        var all: [V1Item] = []
        for page in 1...50 {
            let response = try await send(.get, "/items/\(page)", port: port)
            let items = try JSONDecoder().decode(V1ItemPage.self, from: Data(try #require(response.body).readableBytesView)).items
            all += items
            if items.count < V1Path.itemsPerPage { break }
        }
        return all
    }

    static func item(named title: String, port: Int) async throws -> V1Item {
        let summary = try #require(try await items(port: port).first { $0.title == title }, "no upstream item named \(title)")
        return try #require(try await item(summary.id, port: port))
    }

    /// Lists an item on the upstream itself with a password of its own, as a v1 app would: the front end keeps
    /// nothing about it.
    static func listElsewhere(password: String, port: Int) async throws -> V1Item {
        let form = V1ItemBody.newItem(password: password, images: [try TestSupport.sampleImage()])
        let response = try await send(.post, "/item", port: port, headers: [.contentType: form.contentType], body: try form.buffer())
        try #require(response.status == .ok, "POST /item answered \(response.status)")
        return try decodeItem(response)
    }

    /// Whether the upstream takes `password` for the item: a PATCH with only the password, which changes nothing.
    static func accepts(password: String, item id: Int, port: Int) async throws -> Bool {
        let form = V1ItemBody(texts: [("password", password)])
        let response = try await send(.patch, "/item/\(id)", port: port, headers: [.contentType: form.contentType], body: try form.buffer())
        return response.status == .ok
    }

    /// Every file under the front end's data directory, to look for a password kept in plain text.
    static func storedBytes(in directory: URL) throws -> [(path: String, data: Data)] {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        return try (files?.compactMap { $0 as? URL } ?? []).compactMap { url in
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { return nil }
            return (url.path, try Data(contentsOf: url))
        }
    }
}

extension V1Item {
    /// The item as the front end sees it.
    var detail: ProductDetail {
        get throws { try ProductDetail(v1: self) }
    }
}
