import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageProcessorMetadataTests {
    let processor: ImageProcessor

    init() throws {
        processor = try ImageProcessor(workers: 2)
    }

    @Test func exifOrientationSixIsTurnedUpright() async throws {
        // Given a JPEG stored 300 × 200 with red on top and EXIF orientation 6 ("rotate 90° clockwise to view")
        let image = try await processor.process(Fixture.data("orientation6-metadata.jpg"))

        // Then every variant is portrait, with the stored top (red) on the right and blue on the left
        #expect(image.source == ImageHeader(format: .jpeg, width: 300, height: 200))
        #expect((image.display.width, image.display.height) == (200, 300))
        for variant in [image.display] + image.thumbnails {
            #expect(variant.height * 2 == variant.width * 3, "\(variant.width)x\(variant.height) is not 2:3 portrait")
            let middle = variant.height / 2
            let decoded = try DecodedImage(variant.data, sampling: [.init(2, middle), .init(variant.width - 3, middle)])
            #expect(isClose(decoded.pixel(2, middle), to: [30, 30, 220]), "left of \(variant.width)px \(variant.format)")
            #expect(isClose(decoded.pixel(variant.width - 3, middle), to: [220, 30, 30]), "right of \(variant.width)px \(variant.format)")
        }
    }

    @Test func noVariantKeepsAnyMetadata() async throws {
        // Given a JPEG with EXIF (GPS position, description, artist, orientation), XMP, an ICC profile and a comment
        let upload = try Fixture.data("orientation6-metadata.jpg")
        for marker in ["Exif", "OM-MARKER-GPS", "OM-MARKER-ARTIST", "OM-MARKER-XMP", "OM-MARKER-COMMENT", "ICC_PROFILE"] {
            #expect(contains(upload, marker), "the fixture should carry \(marker)")
        }

        let image = try await processor.process(upload)

        // Then libvips finds no metadata field in any variant, and none of the bytes survive
        #expect(image.thumbnails.count == 2)
        for variant in [image.display] + image.thumbnails {
            let decoded = try DecodedImage(variant.data)
            #expect(decoded.metadataFields.isEmpty, "\(variant.format) \(variant.width)px keeps \(decoded.metadataFields)")
            for marker in ["Exif", "OM-MARKER", "http://ns.adobe.com", "ICC_PROFILE", "ICCP"] {
                #expect(!contains(variant.data, marker), "\(variant.format) \(variant.width)px contains \(marker)")
            }
        }
    }

    @Test func embeddedProfileIsConvertedToSRGBBeforeItIsStripped() async throws {
        // Given a Display P3 swatch stored as about (187, 106, 63), which is sRGB (200, 100, 50)
        let image = try await processor.process(Fixture.data("p3-swatch.jpg"))

        // Then the outputs hold the sRGB numbers: dropping the profile without converting would keep (187, 106, 63)
        for variant in [image.display] + image.thumbnails {
            let decoded = try DecodedImage(variant.data, sampling: [.init(5, 5)])
            #expect(isClose(decoded.pixel(5, 5), to: [200, 100, 50], tolerance: 5), "\(variant.format): \(decoded.pixel(5, 5))")
            #expect(decoded.metadataFields.isEmpty)
        }
    }

    @Test func largePhotoShrunkWhileDecodingIsStillUprightAndSRGB() async throws {
        // Given the orientation-6 JPEG enlarged to 3600 × 2400, which the decoder shrinks by 2 on its way to 1600 px
        let turned = try await processor.process(Fixture.enlarged("orientation6-metadata.jpg", by: 12))

        // Then the display image is the full portrait size, blue on the left and red on the right
        #expect((turned.display.width, turned.display.height) == (1067, 1600))
        let middle = turned.display.height / 2
        let decoded = try DecodedImage(turned.display.data, sampling: [.init(20, middle), .init(turned.display.width - 21, middle)])
        #expect(isClose(decoded.pixel(20, middle), to: [30, 30, 220]))
        #expect(isClose(decoded.pixel(turned.display.width - 21, middle), to: [220, 30, 30]))

        // And a Display P3 photo of 3200 × 2400 still comes out in sRGB numbers
        let swatch = try await processor.process(Fixture.enlarged("p3-swatch.jpg", by: 50))
        #expect((swatch.display.width, swatch.display.height) == (1600, 1200))
        for variant in [swatch.display] + swatch.thumbnails {
            let sample = try DecodedImage(variant.data, sampling: [.init(40, 40)])
            #expect(isClose(sample.pixel(40, 40), to: [200, 100, 50], tolerance: 5), "\(variant.format): \(sample.pixel(40, 40))")
            #expect(sample.metadataFields.isEmpty)
        }
    }
}
