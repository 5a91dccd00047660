import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageLimitsTests {
    let limits = ImageLimits()

    @Test func marketDefaults() {
        #expect(limits.maxPixels == 50_000_000)
        #expect(limits.maxSide == 12_000)
        #expect(limits.displayLongSide == 1600)
        #expect(limits.maxStoredBytes == 307_200)
        #expect(limits.thumbnailWidths == [200, 400, 800])
    }

    @Test func acceptsExactlyTheLimits() throws {
        try limits.check(ImageHeader(format: .jpeg, width: 12_000, height: 4_166))
        try limits.check(ImageHeader(format: .png, width: 1, height: 12_000))
    }

    @Test func refusesOnePixelTooMany() {
        #expect(throws: ImageError.tooManyPixels(width: 10_000, height: 5_001, limit: 50_000_000)) {
            try limits.check(ImageHeader(format: .jpeg, width: 10_000, height: 5_001))
        }
    }

    @Test func refusesLongSideEvenWithFewPixels() {
        #expect(throws: ImageError.sideTooLong(width: 12_001, height: 10, limit: 12_000)) {
            try limits.check(ImageHeader(format: .png, width: 12_001, height: 10))
        }
    }

    @Test func reportsPixelCountBeforeSide() {
        #expect(throws: ImageError.tooManyPixels(width: 30_000, height: 30_000, limit: 50_000_000)) {
            try limits.check(ImageHeader(format: .png, width: 30_000, height: 30_000))
        }
    }

    @Test func errorsHaveStableCodes() {
        #expect(ImageError.tooManyPixels(width: 1, height: 1, limit: 0).code == "tooManyPixels")
        #expect(ImageError.unsupportedFormat("tiff").code == "unsupportedFormat")
        #expect(ImageError.notAnImage.code == "notAnImage")
    }

    @Test func servedFormatsHaveMediaTypes() {
        #expect(ImageFormat.served == [.jpeg, .webp])
        #expect(ImageFormat.jpeg.mediaType == "image/jpeg")
        #expect(ImageFormat.webp.mediaType == "image/webp")
        #expect(ImageFormat.jpeg.fileExtension == "jpg")
    }
}
