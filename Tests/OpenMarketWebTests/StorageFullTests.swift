import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// A full store answers 507 and a form keeps what was typed; nothing is half-written. The market's quota
/// (`--max-market-mb`) fills the way a disk does: SQLite refuses the write that would pass it.
@Suite("Storage full", .timeLimit(.minutes(10)))
struct StorageFullTests {
    static func configuration(_ directory: URL) -> AppConfiguration {
        var config = TestSupport.configuration(dataDirectory: directory, backend: .embedded(loadSampleData: false))
        config.maxMarketBytes = 3 * 1024 * 1024
        return config
    }

    /// Uploads five-photo products through the API until the quota is reached; returns the refusal.
    static func fill(
        _ client: any TestClientProtocol,
        photos names: [String] = ["bicycle-2.png", "books-2.png", "film-camera-2.png", "ukulele-1.png", "turntable-2.png"]
    ) async throws -> TestResponse {
        let photos = try names.map {
            UploadBody.Image(filename: $0, contentType: "image/png", data: try TestSupport.sampleImage($0))
        }
        for _ in 0..<300 {
            let body = UploadBody(params: UploadBody.params(), images: photos)
            let response = try await client.execute(
                uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType],
                body: try body.buffer())
            if response.status != .created { return response }
        }
        throw StorageFullTestError.neverFull
    }

    @Test func theAPIAnswers507AndTheRefusedProductLeavesNothingBehind() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(Self.configuration(directory))
        try await app.stoppableTest(.router) { client in
            let refused = try await Self.fill(client)
            #expect(refused.status == .insufficientStorage)
            #expect(try refused.marketError().status == 507)
            #expect(try refused.marketError().message?.contains("full") == true)
            let counts = try TestSupport.counts(in: directory)
            #expect(counts.images == counts.products * 5, "every product has all its photos: \(counts)")
        }
    }

    @Test func theFormComesBackWithWhatWasTypedAndSaysTheServerIsFull() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(Self.configuration(directory))
        try await app.stoppableTest(.router) { client in
            // Stored photos are re-encoded, so their sizes vary: fill until the form's own photos no longer fit.
            var form = try ProductUploadForm.valid(photos: 5)
            _ = try await Self.fill(client)
            _ = try await Self.fill(client, photos: form.images.map(\.filename))
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            form.name = "저장 공간 시험 상품"
            let response = try await browser.upload(form)
            #expect(response.status == .insufficientStorage)
            #expect(response.text.contains("저장 공간이 가득 차서"))
            #expect(response.text.contains("value=\"저장 공간 시험 상품\""))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }
}

enum StorageFullTestError: Error {
    case neverFull
}
