import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageProcessorSizeTests {
    let processor: ImageProcessor

    init() throws {
        processor = try ImageProcessor(workers: 2)
    }

    @Test func noisyTwelveMegapixelPhotoFitsTheStoredBudget() async throws {
        // Given a 4000 × 3000 photo with heavy sensor noise, the hardest kind of image to compress
        let photo = try Fixture.noisyTwelveMegapixels.get()
        #expect(photo.count > 4 * 1024 * 1024)

        let image = try await processor.process(photo)

        // Then the display JPEG is within 300 KB and 1600 px, and keeps the 4:3 shape
        #expect(image.display.data.count <= 307_200)
        #expect(max(image.display.width, image.display.height) <= 1600)
        #expect(max(image.display.width, image.display.height) >= 480)
        #expect(abs(image.display.width * 3 - image.display.height * 4) <= 4)
        let decoded = try DecodedImage(image.display.data)
        #expect((decoded.width, decoded.height) == (image.display.width, image.display.height))
    }

    @Test func thumbnailsAreSmallerThanTheDisplayImage() async throws {
        let photo = try Fixture.syntheticJPEG(width: 2400, height: 1600, noise: 6)
        let image = try await processor.process(photo)

        #expect((image.display.width, image.display.height) == (1600, 1067))
        #expect(image.thumbnails(in: .webp).map(\.width) == [200, 400, 800])
        #expect(image.thumbnails(in: .jpeg).map(\.width) == [200, 400, 800])
        for thumbnail in image.thumbnails {
            #expect(thumbnail.width * thumbnail.height < image.display.width * image.display.height)
            #expect(thumbnail.data.count < image.display.data.count)
            let decoded = try DecodedImage(thumbnail.data)
            #expect((decoded.width, decoded.height) == (thumbnail.width, thumbnail.height))
            #expect(abs(thumbnail.height * 3 - thumbnail.width * 2) <= 3)
        }
        for format in ImageFormat.served {
            let sizes = image.thumbnails(in: format).map(\.data.count)
            #expect(sizes == sizes.sorted(), "\(format) thumbnails should grow with their width: \(sizes)")
        }
    }

    @Test func smallImageIsNeverEnlarged() async throws {
        // Given a 320 × 240 photo, narrower than the display size and two of the thumbnail widths
        let image = try await processor.process(Fixture.data("small-320.jpg"))

        #expect((image.display.width, image.display.height) == (320, 240))
        #expect(image.thumbnails.map(\.width) == [200, 200])
        #expect(image.thumbnails.allSatisfy { $0.height == 150 })
    }

    @Test func imageNarrowerThanEveryThumbnailStillGetsOne() async throws {
        // Given an image 100 px wide, narrower than the smallest thumbnail width
        let image = try await processor.process(Fixture.data("transparent.png"))

        #expect(image.thumbnails.map(\.width) == [100, 100])
        #expect(Set(image.thumbnails.map(\.format)) == [.jpeg, .webp])
    }

    @Test func displayIsShrunkWhenLowerQualityIsNotEnough() async throws {
        // Given a noisy photo and a budget that even the lowest display quality cannot meet at full display size
        var limits = ImageLimits()
        limits.maxStoredBytes = 60 * 1024
        let image = try await processor.process(Fixture.noisyThreeMegapixels.get(), limits: limits)

        #expect(image.display.data.count <= 60 * 1024)
        #expect(image.display.width < 1600)
        #expect(image.display.width >= 480)
    }

    @Test func impossibleBudgetIsReported() async throws {
        var limits = ImageLimits()
        limits.maxStoredBytes = 2 * 1024
        await #expect {
            try await processor.process(Fixture.noisyThreeMegapixels.get(), limits: limits)
        } throws: { error in
            guard case ImageError.tooLargeAfterShrinking(let bytes, let limit) = error else { return false }
            return bytes > limit && limit == 2 * 1024
        }
    }
}
