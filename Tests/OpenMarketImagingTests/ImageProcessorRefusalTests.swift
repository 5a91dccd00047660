import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageProcessorRefusalTests {
    let processor: ImageProcessor

    init() throws {
        processor = try ImageProcessor(workers: 2)
    }

    @Test func pngBombIsRefusedBeforeDecoding() async throws {
        // Given a 900-megapixel PNG, and a processor whose workers and libvips are already running
        let bomb = try Fixture.data("bomb-30000.png")
        await #expect(throws: ImageError.tooManyPixels(width: 30000, height: 30000, limit: 50_000_000)) {
            try await processor.process(bomb)
        }
        // The same header over pixel data that cannot be decoded: refused for its size, not as undecodable,
        // which shows the header decided before any pixel was read.
        var garbled = bomb
        let tail = garbled.count / 2
        garbled.replaceSubrange(tail..<garbled.count, with: Data(repeating: 0xA5, count: garbled.count - tail))
        await #expect(throws: ImageError.tooManyPixels(width: 30000, height: 30000, limit: 50_000_000)) {
            try await processor.process(garbled)
        }
    }

    @Test func headerClaimingHugeSizeIsRefused() async throws {
        let huge = try #require(Fixture.claimingSize(Fixture.data("small-320.jpg"), width: 64250, height: 64250))
        await #expect(throws: ImageError.tooManyPixels(width: 64250, height: 64250, limit: 50_000_000)) {
            try await processor.process(huge)
        }
    }

    @Test func sideLimitIsApplied() async throws {
        var limits = ImageLimits()
        limits.maxSide = 300
        await #expect(throws: ImageError.sideTooLong(width: 320, height: 240, limit: 300)) {
            try await processor.process(Fixture.data("small-320.jpg"), limits: limits)
        }
    }

    @Test func textIsNotAnImage() async {
        await #expect(throws: ImageError.notAnImage) {
            try await processor.process(Data("<html><body>not a photo</body></html>".utf8))
        }
    }

    @Test func truncatedJPEGFailsToDecode() async throws {
        // Given the first half of a real JPEG: its header is intact, its pixels are not
        let jpeg = try Fixture.syntheticJPEG(width: 640, height: 480, noise: 10)
        let truncated = jpeg.prefix(jpeg.count / 2)
        #expect(try ImageInspector.header(of: truncated).width == 640)

        await #expect(throws: ImageError.decodeFailed) { try await processor.process(truncated) }
    }

    @Test func bareWebPSignatureIsRefused() async {
        let signature = Data("RIFF".utf8) + Data(count: 4) + Data("WEBP".utf8)
        await #expect(throws: ImageError.decodeFailed) { try await processor.process(signature) }
    }
}
