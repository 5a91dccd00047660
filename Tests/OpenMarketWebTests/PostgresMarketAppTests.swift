import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OpenMarketCore
import OpenMarketImaging
import OpenMarketPostgres
import PostgresNIO
import Testing
@testable import OpenMarketWeb

/// A database of its own on the server `OPENMARKET_TEST_DATABASE` names (`scripts/test` starts one), made for one
/// test and dropped after it.
enum PostgresTestServer {
    static let url: String? = ProcessInfo.processInfo.environment["OPENMARKET_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    static let logger = Logger(label: "test.postgres") { _ in SwiftLogNoOpLogHandler() }

    static func withDatabase<T: Sendable>(_ body: (PostgresLocation) async throws -> T) async throws -> T {
        let base = try PostgresLocation(url: try #require(url))
        // Hex digits only: the one statement that cannot take a parameter gets no input.
        let name = "openmarket_web_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer(base, "CREATE DATABASE \(name)")
        do {
            let result = try await body(base.with(database: name))
            try await administer(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            return result
        } catch {
            try? await administer(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
    }

    /// The `bytea` values a query reads, through a connection of its own.
    static func bytes(_ location: PostgresLocation, _ query: PostgresQuery) async throws -> [Data] {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: logger)
        do {
            var values: [Data] = []
            for try await value in try await connection.query(query, logger: logger).decode(Data.self) { values.append(value) }
            try await connection.close()
            return values
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func administer(_ location: PostgresLocation, _ statement: String) async throws {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// `--database postgres://…`: the same application on PostgreSQL, over real HTTP.
@Suite("The embedded market on PostgreSQL", .timeLimit(.minutes(10)))
struct PostgresMarketAppTests {
    static func configuration(_ location: PostgresLocation, sampleData: Bool = false) -> AppConfiguration {
        var config = TestSupport.configuration(backend: .embedded(loadSampleData: sampleData))
        config.storage = .postgres(location)
        return config
    }

    // Through the router (the application's whole responder chain and services, in process): a live client's 20 s
    // read timeout was reached while the whole suite's uploads queued for the photo workers. With the sample
    // products, a test takes minutes while every other suite runs: the limit is generous.
    @Test("create → list → detail → photo → edit with the password → delete", .enabled(if: PostgresTestServer.url != nil))
    func sellerJourney() async throws {
        try await PostgresTestServer.withDatabase { location in
            let config = Self.configuration(location)
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { client in
                var browser = StorefrontBrowser(client)
                var form = try ProductUploadForm.valid(photos: 2)
                form.name = "포스트그레스 찻잔"
                let id = try await browser.listProduct(form)

                let list = try await browser.get(SiteURLs.products)
                #expect(list.status == .ok && list.text.contains("포스트그레스 찻잔"))
                let search = try await browser.get("/products?q=%EC%B0%BB%EC%9E%94")
                #expect(search.text.contains("포스트그레스 찻잔"), "a two-character Korean search finds it")
                let page = try await browser.get(SiteURLs.product(id))
                #expect(page.status == .ok && page.text.contains("포스트그레스 찻잔"))
                let listed = try #require(try await MarketProbe.product(id, via: client))
                #expect(listed.images.count == 2)

                let photoPath = try #require(URL(string: listed.images[0].url)?.path)
                let photo = try await client.execute(uri: photoPath, method: .get)
                #expect(photo.status == .ok)
                #expect(photo.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(photo.headers[.contentType]?.hasPrefix("image/") == true && photo.body.readableBytes > 0)
                let etag = try #require(photo.headers[.eTag])
                let again = try await client.execute(uri: photoPath, method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)

                try await browser.get(SiteURLs.edit(id))
                let refused = try await browser.post(SiteURLs.edit(id), fields: listed.editFields(password: "wrong-pass-1", changing: ["stock": "9"]))
                #expect(refused.status == .forbidden)
                let edited = try await browser.post(SiteURLs.edit(id), fields: listed.editFields(password: form.password, changing: ["stock": "9"]))
                #expect(edited.status == .seeOther)
                #expect(try await MarketProbe.product(id, via: client)?.stock == 9)

                try await browser.get(SiteURLs.delete(id))
                let deleted = try await browser.post(SiteURLs.delete(id), fields: [("password", form.password)])
                #expect(deleted.status == .seeOther && deleted.location == "/products")
                #expect(try await MarketProbe.product(id, via: client) == nil)
                #expect(try await client.execute(uri: photoPath, method: .get).status == .notFound)

                let ready = try await client.execute(uri: "/ready", method: .get)
                #expect(ready.status == .ok && ready.text.contains("\"market\":\"ok\""))
            }
            // The market was never the data directory's file.
            #expect(!FileManager.default.fileExists(atPath: config.dataDirectory.appending(path: "market.sqlite").path))
        }
    }

    @Test("The v2 API on PostgreSQL: a create, the two-step delete, and a token spent once", .enabled(if: PostgresTestServer.url != nil))
    func apiDeleteFlow() async throws {
        try await PostgresTestServer.withDatabase { location in
            let app = try await buildApplication(Self.configuration(location))
            try await app.stoppableTest(.router) { client in
                let body = try UploadBody.valid()
                let created = try await client.execute(
                    uri: "/api/products", method: .post,
                    headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType], body: try body.buffer())
                #expect(created.status == .created)
                let product = try JSONDecoder().decode(ProductDetail.self, from: Data(created.body.readableBytesView))
                let secret = #"{"secret":"\#(TestSupport.vendor.secret)"}"#
                let archived = try await client.execute(
                    uri: "/api/products/\(product.id)/archived", method: .post,
                    headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"], body: ByteBuffer(string: secret))
                #expect(archived.status == .ok)
                let path = archived.text
                #expect(path.hasPrefix("/api/products/"))
                let first = try await client.execute(uri: path, method: .delete, headers: [.identifier: TestSupport.vendor.identifier])
                #expect(first.status == .ok)
                let second = try await client.execute(uri: path, method: .delete, headers: [.identifier: TestSupport.vendor.identifier])
                #expect(second.status == .notFound)
                #expect(try await MarketProbe.product(product.id, via: client) == nil)
            }
        }
    }

    @Test("Both pools' figures in /metrics: connections in use and allowed, waits, work run and failed", .enabled(if: PostgresTestServer.url != nil))
    func poolMetrics() async throws {
        try await PostgresTestServer.withDatabase { location in
            let app = try await buildApplication(Self.configuration(location))
            try await app.stoppableTest(.router) { client in
                var browser = StorefrontBrowser(client)
                let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
                let before = try await OperationsTests.metrics(client)
                for _ in 0..<3 {
                    #expect(try await client.execute(uri: SiteURLs.product(id), method: .get).status == .ok)
                }
                // A wrong password: its miss is counted in the web store, the product read in a market transaction.
                try await browser.get(SiteURLs.delete(id))
                #expect(try await browser.post(SiteURLs.delete(id), fields: [("password", "wrong-pass-1")]).status == .forbidden)
                let after = try await OperationsTests.metrics(client)

                func moved(_ name: String, _ labels: [String: String]) -> Double {
                    OperationsTests.sample(after, name, labels) - OperationsTests.sample(before, name, labels)
                }
                // The delete form's product read is a market transaction; the page itself may already be kept in the
                // process (the upload's redirect read it), so its reads need not reach the pool.
                #expect(moved("openmarket_db_operations", ["pool": "market", "kind": "transaction"]) >= 1, "reads run in transactions")
                #expect(moved("openmarket_db_operations", ["pool": "web", "kind": "statement"]) >= 1, "the miss is counted in the web store")
                /// Whether a sample of `name` with every label of `labels` is shown, whatever its value.
                func shown(_ name: String, _ labels: [String: String]) -> Bool {
                    after.split(separator: "\n").contains { line in
                        line.hasPrefix(name + "{") && labels.allSatisfy { line.contains("\($0.key)=\"\($0.value)\"") }
                    }
                }
                for pool in ["market", "web"] {
                    #expect(moved("openmarket_db_connection_wait_count", ["pool": pool]) >= 1, "every lease's wait is timed (\(pool))")
                    #expect(shown("openmarket_db_connection_wait_bucket", ["pool": pool, "le": "+Inf"]), "the wait is a histogram (\(pool))")
                    #expect(shown("openmarket_db_connections_in_use", ["pool": pool]))
                    for kind in PostgresPool.Kind.allCases {
                        #expect(shown("openmarket_db_operation_failures", ["pool": pool, "kind": kind.rawValue]), "failures shown at 0 too")
                    }
                }
                // Gauges per process: every application built in this process publishes its maximum under its pool.
                #expect(OperationsTests.sample(after, "openmarket_db_connections_max", ["pool": "market"]) > 0)
                #expect(OperationsTests.sample(after, "openmarket_db_connections_max", ["pool": "web"]) > 0)
                #expect(OperationsTests.sample(after, "openmarket_db_connections_in_use", ["pool": "market"]) >= 0)
            }
        }
    }

    @Test("A photo of several slices comes back byte for byte, with its caching headers and a 304", .enabled(if: PostgresTestServer.url != nil))
    func streamedPhoto() async throws {
        try await PostgresTestServer.withDatabase { location in
            let app = try await buildApplication(Self.configuration(location))
            try await app.stoppableTest(.router) { client in
                var browser = StorefrontBrowser(client)
                var form = try ProductUploadForm.valid(photos: 0)
                let photo = try SyntheticPhoto.jpeg(width: 1600, height: 1200, noise: 12, quality: 92)
                form.images = [UploadBody.Image(filename: "big.jpg", contentType: "image/jpeg", data: photo)]
                let id = try await browser.listProduct(form)
                let listed = try #require(try await MarketProbe.product(id, via: client))
                let path = try #require(URL(string: listed.images[0].url)?.path)
                let key = try #require(path.split(separator: "/").last?.split(separator: "_").first.map(String.init))
                let stored = try #require(try await PostgresTestServer.bytes(
                    location,
                    "SELECT d.bytes FROM product_image_display d JOIN product_image i ON i.id = d.image_id WHERE i.key = \(key)").first)
                let slices = (stored.count + PostgresMarket.imageSliceBytes - 1) / PostgresMarket.imageSliceBytes
                try #require(slices >= 3, "the display image (\(stored.count) bytes) spans several slices")

                let before = try await OperationsTests.metrics(client)
                let photoAnswer = try await client.execute(uri: path, method: .get)
                let after = try await OperationsTests.metrics(client)
                #expect(photoAnswer.status == .ok)
                #expect(Data(photoAnswer.body.readableBytesView) == stored, "byte for byte")
                #expect(photoAnswer.headers[.contentLength] == String(stored.count))
                #expect(photoAnswer.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(photoAnswer.headers[.contentType] == "image/jpeg")
                let statements = ["pool": "market", "kind": "statement"]
                #expect(
                    OperationsTests.sample(after, "openmarket_db_operations", statements)
                        - OperationsTests.sample(before, "openmarket_db_operations", statements) >= Double(slices + 1),
                    "one read finds it, then one read per slice")

                let etag = try #require(photoAnswer.headers[.eTag])
                let fresh = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
                #expect(fresh.status == .notModified && fresh.body.readableBytes == 0)
                #expect(fresh.headers[.eTag] == etag && fresh.headers[.cacheControl] == "public, max-age=31536000, immutable")
                let stale = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: "\"another\""])
                #expect(stale.status == .ok && Data(stale.body.readableBytesView) == stored)
                let head = try await client.execute(uri: path, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength] == String(stored.count))

                // A thumbnail (one slice) is served from its own row, as before.
                let thumbPath = path.replacingOccurrences(of: "_origin.jpg", with: "_w400.webp")
                let thumb = try await client.execute(uri: thumbPath, method: .get)
                let storedThumb = try await PostgresTestServer.bytes(
                    location,
                    """
                    SELECT v.bytes FROM product_image_variant v JOIN product_image i ON i.id = v.image_id
                    WHERE i.key = \(key) AND v.format = 'webp' AND v.width <= 400 ORDER BY v.width DESC LIMIT 1
                    """)
                #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/webp")
                #expect(Data(thumb.body.readableBytesView) == storedThumb.first)
                #expect(try await client.execute(uri: path.replacingOccurrences(of: "_origin.jpg", with: "_origin.png"), method: .get).status == .notFound)
            }
        }
    }

    @Test("Two instances on one database: sample data once, a listing from one seen by the other", .enabled(if: PostgresTestServer.url != nil))
    func twoInstances() async throws {
        try await PostgresTestServer.withDatabase { location in
            let first = try await buildApplication(Self.configuration(location, sampleData: true))
            let second = try await buildApplication(Self.configuration(location, sampleData: true))
            try await first.stoppableTest(.router) { one in
                try await second.stoppableTest(.router) { two in
                    let samples = try await MarketProbe.products(via: one)
                    #expect(!samples.isEmpty)
                    #expect(try await MarketProbe.products(via: two).map(\.id) == samples.map(\.id), "loaded once, seen by both")
                    var browser = StorefrontBrowser(one)
                    let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
                    // The other keeps its list until the listing's notification arrives.
                    try await PostgresWriteFeedTests.eventually("the other instance lists it") {
                        try await MarketProbe.products(via: two).first?.id == id
                    }
                    #expect(try await MarketProbe.product(id, via: two) != nil)
                }
            }
        }
    }

    @Test("The console on PostgreSQL: sample products sorted, exported, deleted and restored with their photos", .enabled(if: PostgresTestServer.url != nil))
    func consoleJourney() async throws {
        try await PostgresTestServer.withDatabase { location in
            var config = Self.configuration(location, sampleData: true)
            config.adminPassword = AdminClient.password
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { client in
                var admin = try await AdminClient.signedIn(client)
                let api = try await MarketProbe.products(via: client)
                let byName = api.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }.map(\.id)
                #expect(try await admin.get("/admin/products?sort=name&dir=asc").adminRowIDs == byName)
                #expect(try await admin.get("/admin/products?sort=name").adminRowIDs == byName.reversed())
                let soldOut = try await admin.get("/admin/products?stock=out")
                #expect(Set(soldOut.adminRowIDs) == Set(api.filter { $0.stock == 0 }.map(\.id)))
                let export = try await admin.get("/admin/export.csv")
                #expect(export.status == .ok && export.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(String(decoding: export.body.readableBytesView, as: UTF8.self).components(separatedBy: "\r\n").count - 2 == api.count)

                var seller = StorefrontBrowser(client)
                let product = try await ProductRestoreTests.listWithThreePhotos(&seller, via: client)
                let photos = try await PhotoDraftTests.storedPhotos(product.id, via: client)
                try await seller.get(SiteURLs.delete(product.id))
                try #require(try await seller.post(SiteURLs.delete(product.id), fields: [("password", "teacup-2024")]).status == .seeOther)
                let history = try await admin.get("/admin/history?product=\(product.id)")
                let action = try #require(ProductRestoreTests.restoreAction(history), "the delete's entry offers a restore")
                let restored = try await admin.post(action, fields: [])
                #expect(restored.status == .seeOther)
                let newID = try #require(Int((restored.location ?? "").replacingOccurrences(of: "/admin/products/", with: "")))
                let again = try #require(try await MarketProbe.product(newID, via: client))
                #expect(again.name == product.name && again.thumbnailImageID == again.images[1].id)
                #expect(try await PhotoDraftTests.storedPhotos(newID, via: client) == photos)
                #expect(try await admin.post(action, fields: []).status == .conflict)
            }
        }
    }

    @Test("A database URL that cannot work stops the start with its reason")
    func badDatabases() async throws {
        #expect(try AppConfiguration.MarketStorage(databaseURL: nil) == .sqlite)
        #expect(try AppConfiguration.MarketStorage(databaseURL: "sqlite://") == .sqlite)
        #expect(try AppConfiguration.MarketStorage(databaseURL: "postgres://market:pw@db.internal:6543/shop")
            == .postgres(PostgresLocation(host: "db.internal", port: 6543, username: "market", password: "pw", database: "shop")))
        for (url, message) in [
            ("mysql://u:p@h/db", "--database (OPENMARKET_DATABASE) must be postgres://user:password@host:5432/database, or sqlite:// for the data directory's file."),
            ("sqlite:///tmp/market.sqlite", "--database (OPENMARKET_DATABASE): sqlite:// takes no path; the SQLite market is market.sqlite in --data-dir."),
            ("postgres://market:hunter22@db.internal", "--database (OPENMARKET_DATABASE): The database URL names no database (…/database)."),
        ] {
            #expect(throws: StartupError.self) { try AppConfiguration.MarketStorage(databaseURL: url) }
            do {
                _ = try AppConfiguration.MarketStorage(databaseURL: url)
            } catch {
                #expect(error.description == message)
                #expect(!error.description.contains("hunter22"))
            }
        }
        // Nothing listens on port 1: the start fails at once, naming the database without its password.
        var config = TestSupport.configuration(backend: .embedded(loadSampleData: false))
        config.storage = .postgres(PostgresLocation(host: "127.0.0.1", port: 1, username: "market", password: "hunter22", database: "shop"))
        do {
            _ = try await buildApplication(config)
            Issue.record("the start did not fail")
        } catch let error as StartupError {
            #expect(error.description.hasPrefix("The market database postgres://market@127.0.0.1:1/shop cannot be used: "))
            #expect(!error.description.contains("hunter22"))
        }
    }
}
