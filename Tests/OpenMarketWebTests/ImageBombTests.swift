import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Photos are judged by their bytes: too many pixels by the header, before anything is stored.
@Suite("Image bombs and disguises", .timeLimit(.minutes(10)))
struct ImageBombTests {
    static func png(width: UInt32, height: UInt32, bitDepth: UInt8) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let header = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [bitDepth, 0, 0, 0, 0] + [0, 0, 0, 0]
        return Data(header + [UInt8](repeating: 0, count: 4_000))
    }

    @Test func anAPIUploadClaiming64250SquarePixelsIsRefusedAndNothingIsStored() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            let body = UploadBody(
                params: UploadBody.params(),
                images: [UploadBody.Image(filename: "claim.png", contentType: "image/png", data: Self.png(width: 64_250, height: 64_250, bitDepth: 8))])
            let response = try await client.execute(
                uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType],
                body: try body.buffer())
            #expect(response.status == .unprocessableContent)
            #expect(try response.marketError().message?.contains("64250 × 64250 pixels") == true)
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func aBombThroughTheFormComesBackWithAMessageAndNothingIsStored() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 1)
            // A real 30000 × 30000 1-bit PNG of about 100 KB: libvips reads its header and refuses it undecoded.
            let bomb = try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/bomb-30000.png"))
            form.images.append(UploadBody.Image(filename: "bomb.png", contentType: "image/png", data: bomb))
            let response = try await browser.upload(form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("2번째 사진이 너무 큽니다 (30000×30000)"))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    /// HEIC is read by decoding, as the form does: the API takes an iPhone photo and serves it as JPEG.
    @Test func anAPIUploadOfAnIPhoneHEICIsStoredAndServedAsJPEG() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let heic = try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/photo.heic"))
            let body = UploadBody(params: UploadBody.params(), images: [UploadBody.Image(filename: "IMG_0004.HEIC", contentType: "image/heic", data: heic)])
            let created = try await client.execute(
                uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType],
                body: try body.buffer())
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let detail = try JSONDecoder().decode(ProductDetail.self, from: Data(created.body.readableBytesView))
            let url = try #require(detail.images.first.flatMap { URL(string: $0.url) })
            let served = try await client.execute(uri: url.path, method: .get)
            #expect(served.headers[.contentType] == "image/jpeg")
        }
    }

    @Test func htmlNamedPNGIsServedAsTheProcessedJPEGUnderItsOwnNameOnly() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            var data = try TestSupport.sampleImage("mug-1.png")
            data.append(Data("<script>alert(1)</script>".utf8))
            let body = UploadBody(params: UploadBody.params(), images: [UploadBody.Image(filename: "x.html", contentType: "text/html", data: data)])
            let created = try await client.execute(
                uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType],
                body: try body.buffer())
            #expect(created.status == .created)
            let detail = try JSONDecoder().decode(ProductDetail.self, from: Data(created.body.readableBytesView))
            let address = try #require(detail.images.first?.url)
            let url = try #require(URL(string: address))
            #expect(url.path.hasSuffix("_origin.jpg"))
            let served = try await client.execute(uri: url.path, method: .get)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/jpeg")
            #expect(!served.body.readableBytesView.contains(Array("<script>".utf8)), "only decoded pixels are stored")
            for disguise in [".html", ".png"] {
                let disguised = try await client.execute(uri: url.path.replacingOccurrences(of: ".jpg", with: disguise), method: .get)
                #expect(disguised.status == .notFound, "\(disguise)")
            }
        }
    }
}

private extension ByteBufferView {
    func contains(_ needle: [UInt8]) -> Bool {
        let bytes = Array(self)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
