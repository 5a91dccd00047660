import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// A photo in a format we do not take is refused, on every API generation, with the formats the person can send —
/// never with the name of the decoder that recognised it ("MAGICK", "TIFF").
@Suite("Refused photos, in words people can act on", .timeLimit(.minutes(10)))
struct PhotoRefusalWordingTests {
    static let formats = "JPEG, PNG, GIF, WebP or HEIC"

    static func tiff() throws -> Data {
        try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/tiny.tiff"))
    }

    static func expectWorded(_ body: ByteBuffer, key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
        let message = try #require(object[key] as? String, sourceLocation: sourceLocation)
        #expect(message.contains(formats), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.localizedCaseInsensitiveContains("tiff") && !message.contains("MAGICK"), "\(message)", sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(5))) func everyGenerationNamesTheFormatsItTakes() async throws {
        var config = TestSupport.configuration()
        config.v2aPort = try TestSupport.freePort()
        let v2aPort = try #require(config.v2aPort)
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let upload = UploadBody(params: UploadBody.params(), images: [UploadBody.Image(filename: "scan.tif", contentType: "image/tiff", data: try Self.tiff())])
            let v2b = try await client.execute(
                uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType],
                body: try upload.buffer())
            #expect(v2b.status == .unsupportedMediaType)
            try Self.expectWorded(v2b.body, key: "message")

            let item = V1ItemBody.newItem(images: [try Self.tiff()])
            let v1 = try await client.execute(uri: "/item", method: .post, headers: [.contentType: item.contentType], body: try item.buffer())
            #expect(v1.status == .unsupportedMediaType)
            try Self.expectWorded(v1.body, key: "reason")

            try await TestSupport.waitUntilListening(port: v2aPort)
            try await TestClient.withClient(host: "127.0.0.1", port: v2aPort) { v2a in
                let response = try await v2a.execute(TestClient.Request(
                    "/api/products", method: .post, authority: "localhost",
                    headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()))
                #expect(response.status == .unsupportedMediaType)
                try Self.expectWorded(try #require(response.body), key: "message")
            }
        }
    }
}
