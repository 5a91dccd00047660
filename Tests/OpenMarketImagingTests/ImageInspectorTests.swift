import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageInspectorTests {
    @Test(arguments: [
        ("orientation6-metadata.jpg", ImageFormat.jpeg, 300, 200),
        ("transparent.png", .png, 100, 100),
        ("two-frames.gif", .gif, 120, 80),
        ("photo.heic", .heif, 640, 480),
    ])
    func headerGivesFormatAndStoredSize(name: String, format: ImageFormat, width: Int, height: Int) throws {
        #expect(try ImageInspector.header(of: Fixture.data(name)) == ImageHeader(format: format, width: width, height: height))
    }

    @Test func formatComesFromContentNotName() throws {
        // Fixture names are never passed in: only bytes. A PNG's bytes are a PNG whatever it was called.
        let header = try ImageInspector.header(of: Fixture.data("grey16.png"))
        #expect(header.format == .png)
    }

    @Test func pngBombIsReportedWithoutDecodingAnyPixel() throws {
        // Given a valid 1-bit PNG of 30000 × 30000 (900 megapixels, about 110 KB on disk), and libvips started
        let bomb = try Fixture.data("bomb-30000.png")
        _ = try ImageInspector.header(of: Fixture.data("small-320.jpg"))
        let memoryBefore = peakResidentBytes()

        // When its header is read and checked
        let header = try ImageInspector.header(of: bomb)
        #expect(throws: ImageError.tooManyPixels(width: 30000, height: 30000, limit: 50_000_000)) {
            try ImageLimits().check(header)
        }

        // Then it took a header's memory: decoded whole at 8 bits per pixel it would hold 900 MB.
        #expect(peakResidentBytes() - memoryBefore < 300 * 1024 * 1024)
    }

    @Test func jpegClaimingHugeSizeIsReportedFromItsHeader() throws {
        let huge = try #require(Fixture.claimingSize(Fixture.data("small-320.jpg"), width: 64250, height: 64250))
        let header = try ImageInspector.header(of: huge)
        #expect(header == ImageHeader(format: .jpeg, width: 64250, height: 64250))
        #expect(throws: ImageError.tooManyPixels(width: 64250, height: 64250, limit: 50_000_000)) {
            try ImageLimits().check(header)
        }
    }

    @Test func textIsNotAnImage() {
        #expect(throws: ImageError.notAnImage) {
            try ImageInspector.header(of: Data("name,price\nbicycle,120\n".utf8))
        }
    }

    @Test func emptyDataIsNotAnImage() {
        #expect(throws: ImageError.notAnImage) { try ImageInspector.header(of: Data()) }
    }

    @Test func bareWebPSignatureIsRefused() {
        // Twelve bytes that pass a magic-number check ("RIFF", size, "WEBP") but hold no image.
        let signature = Data("RIFF".utf8) + Data(count: 4) + Data("WEBP".utf8)
        #expect(throws: ImageError.decodeFailed) { try ImageInspector.header(of: signature) }
    }

    @Test func truncatedHeaderIsRefused() throws {
        let jpeg = try Fixture.data("small-320.jpg")
        #expect(throws: ImageError.decodeFailed) { try ImageInspector.header(of: jpeg.prefix(20)) }
    }

    @Test func tiffIsNotAccepted() throws {
        // libvips could read TIFF, but only the five accepted loaders are enabled for uploads.
        #expect(throws: ImageError.unsupportedFormat("tiff")) { try ImageInspector.header(of: Fixture.data("tiny.tiff")) }
    }
}

/// The process's peak resident memory so far, in bytes (Linux reports ru_maxrss in kilobytes).
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss
    #endif
}
