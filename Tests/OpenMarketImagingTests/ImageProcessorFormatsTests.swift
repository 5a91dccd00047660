import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageProcessorFormatsTests {
    let processor: ImageProcessor

    init() throws {
        processor = try ImageProcessor(workers: 2)
    }

    @Test func everyVariantIsServedAsJPEGOrWebP() async throws {
        let image = try await processor.process(Fixture.data("small-320.jpg"))
        #expect(try DecodedImage(image.display.data).loader == "VipsForeignLoadJpegBuffer")
        #expect(image.display.format == .jpeg)
        for variant in image.thumbnails {
            #expect(try DecodedImage(variant.data).loader == (variant.format == .webp ? "VipsForeignLoadWebpBuffer" : "VipsForeignLoadJpegBuffer"))
        }
        #expect(Set(image.thumbnails.map(\.format)) == [.jpeg, .webp])
    }

    @Test func gifGivesItsFirstFrame() async throws {
        // Given an animated GIF whose first frame is red and second blue
        let image = try await processor.process(Fixture.data("two-frames.gif"))

        #expect(image.source == ImageHeader(format: .gif, width: 120, height: 80))
        #expect((image.display.width, image.display.height) == (120, 80))
        let decoded = try DecodedImage(image.display.data, sampling: [.init(60, 40)])
        #expect(isClose(decoded.pixel(60, 40), to: [220, 30, 30]), "\(decoded.pixel(60, 40))")
    }

    @Test func heicIsAcceptedAndServedAsJPEGAndWebP() async throws {
        // Given a HEIC as phones write it, red on the left half and blue on the right
        let image = try await processor.process(Fixture.data("photo.heic"))

        #expect(image.source == ImageHeader(format: .heif, width: 640, height: 480))
        #expect((image.display.width, image.display.height) == (640, 480))
        #expect(image.thumbnails.map(\.width) == [200, 200, 400, 400])
        for variant in [image.display] + image.thumbnails {
            #expect(ImageFormat.served.contains(variant.format))
            let (left, right) = (variant.width / 4, variant.width * 3 / 4)
            let decoded = try DecodedImage(variant.data, sampling: [.init(left, 10), .init(right, 10)])
            #expect(isClose(decoded.pixel(left, 10), to: [220, 30, 30]), "\(variant.format) \(variant.width)px")
            #expect(isClose(decoded.pixel(right, 10), to: [30, 30, 220]), "\(variant.format) \(variant.width)px")
        }
    }

    @Test func transparencyBecomesWhite() async throws {
        // Given a PNG that is opaque red on the left half and fully transparent on the right
        let image = try await processor.process(Fixture.data("transparent.png"))

        let decoded = try DecodedImage(image.display.data, sampling: [.init(20, 50), .init(80, 50)])
        #expect(decoded.bands == 3)
        #expect(isClose(decoded.pixel(20, 50), to: [220, 30, 30]))
        #expect(isClose(decoded.pixel(80, 50), to: [255, 255, 255]))
    }

    @Test func sixteenBitGreyBecomesEightBitSRGB() async throws {
        let image = try await processor.process(Fixture.data("grey16.png"))

        let decoded = try DecodedImage(image.display.data, sampling: [.init(32, 32)])
        #expect(decoded.bands == 3)
        #expect(isClose(decoded.pixel(32, 32), to: [128, 128, 128], tolerance: 3), "\(decoded.pixel(32, 32))")
    }
}
