import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import HTTPTypes
import NIOHTTP1
import MultipartKit
import NIOCore
import OpenMarketCore
import OpenMarketPostgres
@testable import OpenMarketWeb

/// The directory under which every test of this process makes its own; registered for removal at exit the first
/// time it is used.
let testProcessDirectory: URL = {
    let url = FileManager.default.temporaryDirectory.appending(path: "openmarket-tests-\(getpid())-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testProcessDirectory) }
    return url
}()

/// Shared set-up: a real application from `buildApplication`, on a fresh temporary data directory.
enum TestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The vendor every test application acts as.
    static let vendor = VendorCredentials(identifier: "5e0b7c1a-7a1c-11ec-9173-0242ac120002", secret: "test-secret-a1")

    /// A fresh directory for one test's files. All of them live under one directory per test process, which is
    /// removed when the process exits, so a run leaves nothing behind in the system's temporary directory.
    static func temporaryDirectory() -> URL {
        let url = testProcessDirectory.appending(path: UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func configuration(
        dataDirectory: URL = temporaryDirectory(), backend: AppConfiguration.Backend = .embedded(loadSampleData: true)
    ) -> AppConfiguration {
        var config = AppConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, rootDirectory: packageRoot, backend: backend,
            identifier: vendor.identifier, secret: vendor.secret, bcryptCost: 4, upstreamTimeout: .seconds(30),
            logLevel: .warning)
        config.databaseLimits = .suite
        return config
    }

    /// The usual set-up of a router test: a fresh data directory, the embedded market with sample data, and the
    /// directory handed to the test so it can count rows before and after.
    static func withEmbeddedApp<Value: Sendable>(
        _ test: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Value
    ) async throws -> Value {
        let directory = temporaryDirectory()
        let app = try await buildApplication(configuration(dataDirectory: directory))
        return try await app.stoppableTest(.router) { client in try await test(client, directory) }
    }

    /// A port nobody listened on a moment ago, for a second listener (`--v2a-port`). The probe socket is closed
    /// when this returns: kept open, it would hold the port and answer nothing.
    static func freePort() throws -> Int {
        let (socket, port) = try RawSocket.silentListener()
        withExtendedLifetime(socket) {}
        return port
    }

    /// Returns once something accepts connections on `port` (a second listener starts after the first), or
    /// after 30 seconds.
    static func waitUntilListening(port: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if (try? await RawSocket.connect(port: port, timeout: .seconds(5))) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    static func sampleImage(_ name: String = "mug-1.png") throws -> Data {
        try Data(contentsOf: packageRoot.appending(path: "SampleData/images/\(name)"))
    }

    /// Row counts of the market file, read through a separate read-only connection.
    struct StoreCounts: Equatable, CustomStringConvertible {
        var products: Int
        var images: Int
        var tokens: Int
        var description: String { "products \(products), images \(images), tokens \(tokens)" }
    }

    static func counts(in dataDirectory: URL) throws -> StoreCounts {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: dataDirectory.appending(path: "market.sqlite").path, configuration: configuration)
        return try queue.read { db in
            StoreCounts(
                products: try Int.fetchOne(db, sql: "SELECT count(*) FROM product") ?? -1,
                images: try Int.fetchOne(db, sql: "SELECT count(*) FROM productImage") ?? -1,
                tokens: try Int.fetchOne(db, sql: "SELECT count(*) FROM deleteToken") ?? -1)
        }
    }

    /// The stored bytes of the most recently stored photo.
    static func newestImageBytes(in dataDirectory: URL) throws -> Data {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: dataDirectory.appending(path: "market.sqlite").path, configuration: configuration)
        return try queue.read { db in try Data.fetchOne(db, sql: "SELECT bytes FROM productImage ORDER BY id DESC LIMIT 1") ?? Data() }
    }
}

/// Multipart bodies for create requests, built with MultipartKit's serializer.
struct UploadBody {
    struct Image {
        var filename: String
        var contentType: String?
        var data: Data
    }

    var boundary = "Boundary-\(UUID().uuidString)"
    var params: String?
    var images: [Image] = []
    var extraParts: [MultipartPart] = []

    static func params(
        name: String = "Ceramic Mug", description: String = "Glazed stoneware mug, 350 ml, dishwasher safe.",
        price: String = "12000", currency: String = "KRW", discountedPrice: String = "2000", stock: String = "7",
        secret: String = TestSupport.vendor.secret
    ) -> String {
        let nameJSON = WireJSON.string(name).serialized()
        let descriptionJSON = WireJSON.string(description).serialized()
        return #"{"name":\#(nameJSON),"description":\#(descriptionJSON),"price":\#(price),"currency":"\#(currency)","discounted_price":\#(discountedPrice),"stock":\#(stock),"secret":"\#(secret)"}"#
    }

    static func valid(imageCount: Int = 1) throws -> UploadBody {
        let image = try TestSupport.sampleImage()
        return UploadBody(
            params: params(),
            images: (0..<imageCount).map { Image(filename: "photo\($0).png", contentType: "image/png", data: image) })
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    func buffer() throws -> ByteBuffer {
        var parts: [MultipartPart] = []
        if let params {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="params""#)
            headers.add(name: "Content-Type", value: "application/json")
            parts.append(MultipartPart(headers: headers, body: ByteBuffer(string: params)))
        }
        for image in images {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="images"; filename="\#(image.filename)""#)
            if let contentType = image.contentType { headers.add(name: "Content-Type", value: contentType) }
            parts.append(MultipartPart(headers: headers, body: ByteBuffer(bytes: image.data)))
        }
        parts += extraParts
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        return buffer
    }
}

extension HTTPField.Name {
    static let identifier = HTTPField.Name("identifier")!
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The market API's JSON error body.
    func marketError() throws -> MarketErrorBody {
        try JSONDecoder().decode(MarketErrorBody.self, from: Data(body.readableBytesView))
    }
}

extension PostgresPool.Limits {
    /// Waits for the whole suite, whose hundreds of tests share two cores and one server: there a connection can be
    /// slow to come without the server being gone. The tests of the limits themselves set their own.
    static let suite = PostgresPool.Limits(connectionWait: .seconds(120), outageWait: .seconds(1), work: .seconds(300))
}
