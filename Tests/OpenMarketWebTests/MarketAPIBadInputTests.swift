import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MultipartKit
import NIOHTTP1
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Every refused request answers a specific status and JSON message, and leaves the market exactly as it was.
@Suite("Market API refuses bad input and changes nothing", .timeLimit(.minutes(10)))
struct MarketAPIBadInputTests {
    /// Sends one create request to a live server and checks the refusal and the unchanged store.
    private func expectRefusedCreate(
        body: ByteBuffer, contentType: String, identifier: String = TestSupport.vendor.identifier,
        status: HTTPResponse.Status, messageContains expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let before = try TestSupport.counts(in: config.dataDirectory)
            try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: identifier, .contentType: contentType], body: body
            ) { response in
                #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
                let error = try response.marketError()
                #expect(error.status == Int(status.code), sourceLocation: sourceLocation)
                #expect(error.path == "/api/products", sourceLocation: sourceLocation)
                #expect(error.message?.localizedCaseInsensitiveContains(expected) == true, "message: \(error.message ?? "nil")", sourceLocation: sourceLocation)
                #expect(error.message?.contains(TestSupport.vendor.secret) == false, sourceLocation: sourceLocation)
            }
            #expect(try TestSupport.counts(in: config.dataDirectory) == before, sourceLocation: sourceLocation)
        }
    }

    private func expectRefusedCreate(
        _ upload: UploadBody, identifier: String = TestSupport.vendor.identifier, status: HTTPResponse.Status,
        messageContains expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await expectRefusedCreate(
            body: upload.buffer(), contentType: upload.contentType, identifier: identifier, status: status,
            messageContains: expected, sourceLocation: sourceLocation)
    }

    @Test func createWithoutParamsPartIsA400() async throws {
        var upload = try UploadBody.valid()
        upload.params = nil
        try await expectRefusedCreate(upload, status: .badRequest, messageContains: "params")
    }

    @Test func createWithBrokenJSONIsA400() async throws {
        var upload = try UploadBody.valid()
        upload.params = #"{"name":"Ceramic Mug","#
        try await expectRefusedCreate(upload, status: .badRequest, messageContains: "JSON")
    }

    @Test func createWithoutImagesIsA422() async throws {
        var upload = try UploadBody.valid()
        upload.images = []
        try await expectRefusedCreate(upload, status: .unprocessableContent, messageContains: "1–5 images")
    }

    @Test func createWithSixImagesIsA422() async throws {
        try await expectRefusedCreate(try UploadBody.valid(imageCount: 6), status: .unprocessableContent, messageContains: "got 6")
    }

    /// One app writes every photo into one `images` part, one file after the other. A part is one photo (the
    /// contract's multipart section): keeping the first file and dropping the rest would lose photos silently.
    @Test func createWithTwoPhotosInOnePartIsA422() async throws {
        var upload = try UploadBody.valid()
        upload.images[0].data = try TestSupport.sampleImage() + TestSupport.sampleImage("kettle-1.png")
        try await expectRefusedCreate(upload, status: .unprocessableContent, messageContains: "holds 2 image files")
    }

    @Test func createWithA301KilobyteImageIsA413() async throws {
        var upload = try UploadBody.valid(imageCount: 2)
        var big = try TestSupport.sampleImage()
        big.append(Data(repeating: 0, count: 301 * 1024 - big.count))
        upload.images[1].data = big
        try await expectRefusedCreate(upload, status: .contentTooLarge, messageContains: "Image 2")
    }

    @Test func createWithTextLabelledAsJPEGIsA415() async throws {
        var upload = try UploadBody.valid()
        upload.images = [.init(filename: "photo.jpg", contentType: "image/jpeg", data: Data("just some text, not a photo".utf8))]
        try await expectRefusedCreate(upload, status: .unsupportedMediaType, messageContains: "could not be read as a JPEG, PNG, GIF, WebP or HEIC image")
    }

    @Test func createWithWrongSecretIsA401() async throws {
        var upload = try UploadBody.valid()
        upload.params = UploadBody.params(secret: "not-the-secret")
        try await expectRefusedCreate(upload, status: .unauthorized, messageContains: "do not match")
    }

    @Test func createWithUnknownIdentifierIsA401() async throws {
        try await expectRefusedCreate(
            try UploadBody.valid(), identifier: "00000000-0000-1000-8000-000000000000", status: .unauthorized, messageContains: "do not match")
    }

    @Test func createWithoutIdentifierHeaderIsA401() async throws {
        try await expectRefusedCreate(try UploadBody.valid(), identifier: "", status: .unauthorized, messageContains: "identifier")
    }

    @Test func createWithDiscountAbovePriceIsA422() async throws {
        var upload = try UploadBody.valid()
        upload.params = UploadBody.params(price: "1000", discountedPrice: "1500")
        try await expectRefusedCreate(upload, status: .unprocessableContent, messageContains: "must not exceed the price")
    }

    @Test(arguments: [2, 101])
    func createWithNameOfWrongLengthIsA422(length: Int) async throws {
        var upload = try UploadBody.valid()
        upload.params = UploadBody.params(name: String(repeating: "가", count: length))
        try await expectRefusedCreate(upload, status: .unprocessableContent, messageContains: "it has \(length)")
    }

    @Test func createWithMissingFieldsNamesEachOne() async throws {
        var upload = try UploadBody.valid()
        upload.params = #"{"secret":"test-secret-a1"}"#
        try await expectRefusedCreate(upload, status: .unprocessableContent, messageContains: "`price` is required")
    }

    @Test func createOverTheBodyLimitIsA413() async throws {
        var upload = try UploadBody.valid()
        upload.images = [.init(filename: "huge.png", contentType: "image/png", data: Data(repeating: 0x41, count: WebLimits.maxRequestBodyBytes + 1))]
        try await expectRefusedCreate(upload, status: .contentTooLarge, messageContains: "bytes")
    }

    @Test func createWithoutClosingBoundaryIsA400() async throws {
        let upload = try UploadBody.valid()
        var text = String(buffer: try upload.buffer())
        text = String(text.dropLast("--\(upload.boundary)--\r\n".count))
        try await expectRefusedCreate(
            body: ByteBuffer(string: text), contentType: upload.contentType, status: .badRequest, messageContains: "closing boundary")
    }

    @Test func createWithSecondImageCutShortIsA400() async throws {
        let upload = try UploadBody.valid(imageCount: 2)
        let full = try upload.buffer()
        // Cut in the middle of the second image: what a dropped connection or a buggy client sends.
        let cut = full.getSlice(at: full.readerIndex, length: full.readableBytes - 5_000)!
        try await expectRefusedCreate(body: cut, contentType: upload.contentType, status: .badRequest, messageContains: "incomplete")
    }

    @Test func createWithTwentyThousandTinyPartsIsRefusedQuickly() async throws {
        var upload = try UploadBody.valid()
        var tiny = HTTPHeaders()
        tiny.add(name: "Content-Disposition", value: #"form-data; name="x""#)
        upload.extraParts = Array(repeating: MultipartPart(headers: tiny, body: ByteBuffer(string: "y")), count: 20_000)
        let body = try upload.buffer()
        let contentType = upload.contentType
        #expect(body.readableBytes < WebLimits.maxRequestBodyBytes)
        // The refusal itself, without the test client's own cost of sending 2 MB: the issue's bar is "well under a
        // second", where MultipartKit alone spends seconds decoding such a body.
        let started = ContinuousClock.now
        #expect(throws: OpenMarketError.self) { _ = try MultipartBody.parts(body, boundary: upload.boundary) }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(1), "took \(elapsed)")

        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let before = try TestSupport.counts(in: config.dataDirectory)
            try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: contentType], body: body
            ) { response in
                #expect(response.status == .badRequest)
                let error = try response.marketError()
                #expect(error.message?.contains("more than 16 parts") == true)
            }
            #expect(try TestSupport.counts(in: config.dataDirectory) == before)
        }
    }

    @Test func createWithDuplicatedParamsPartIsA400() async throws {
        var upload = try UploadBody.valid()
        var headers = HTTPHeaders()
        headers.add(name: "Content-Disposition", value: #"form-data; name="params""#)
        upload.extraParts = [MultipartPart(headers: headers, body: ByteBuffer(string: UploadBody.params(name: "Another name")))]
        try await expectRefusedCreate(upload, status: .badRequest, messageContains: "appears 2 times")
    }

    @Test func createWithOversizedPartHeadersIsA400() async throws {
        var upload = try UploadBody.valid()
        var headers = HTTPHeaders()
        headers.add(name: "Content-Disposition", value: #"form-data; name="note""#)
        headers.add(name: "X-Padding", value: String(repeating: "a", count: 2_000))
        upload.extraParts = [MultipartPart(headers: headers, body: ByteBuffer(string: "x"))]
        try await expectRefusedCreate(upload, status: .badRequest, messageContains: "bytes of headers")
    }

    @Test func createWithJSONBodyInsteadOfMultipartIsA415() async throws {
        try await expectRefusedCreate(
            body: ByteBuffer(string: UploadBody.params()), contentType: "application/json", status: .unsupportedMediaType,
            messageContains: "multipart/form-data")
    }

    /// A secret that can be no one's (longer than bcrypt reads, empty, holding a NUL) is a malformed field: refused
    /// with 422 before any check, on v2 and v1, and never counted as a guess — the vendor's next write goes through.
    @Test func aSecretThatCanBeNoOnesIsMalformedAndNoGuess() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let impossible = [String(repeating: "s", count: 73), "", "secret\u{0}tail"]
            for round in 0..<4 {
                for secret in impossible {
                    let body = try JSONSerialization.data(withJSONObject: ["secret": secret, "stock": round])
                    try await client.execute(
                        uri: "/api/products/1", method: .patch,
                        headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"], body: ByteBuffer(bytes: body)
                    ) { response in
                        #expect(response.status == .unprocessableContent, "\(secret.count) characters: \(response.text)")
                        let message = try response.marketError().message
                        #expect(message?.contains("secret") == true, "\(message ?? "no message")")
                    }
                    let v1 = try JSONSerialization.data(withJSONObject: ["password": secret])
                    try await client.execute(
                        uri: "/item/1", method: .delete, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: v1)
                    ) { response in
                        #expect(response.status == .unprocessableContent, "v1, \(secret.count) characters: \(response.text)")
                    }
                }
            }
            let right = try JSONSerialization.data(withJSONObject: ["secret": TestSupport.vendor.secret, "stock": 7])
            try await client.execute(
                uri: "/api/products/1", method: .patch,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"], body: ByteBuffer(bytes: right)
            ) { response in
                #expect(response.status == .ok, "twelve malformed secrets are no guesses: \(response.text)")
            }
            #expect(try await MarketProbe.product(1, via: client)?.stock == 7)
        }
    }
}
