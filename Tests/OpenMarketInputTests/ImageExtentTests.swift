import Foundation
import OpenMarketInput
import Testing

/// Where an image file ends, so that a part holding several files one after the other is seen for what it is.
@Suite("Image extents", .timeLimit(.minutes(10)))
struct ImageExtentTests {
    static let packageRoot = ImageHeaderTests.packageRoot

    static func file(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: packageRoot.appending(path: path)))
    }

    /// The smallest GIF: one pixel, a two-colour table, one image block, the trailer.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 0xFF, 0xFF, 0xFF]
        + [0x21, 0xF9, 4, 1, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]

    /// A lossless WebP container whose RIFF size covers exactly its bytes.
    static let webp: [UInt8] = Array("RIFF".utf8) + [26, 0, 0, 0] + Array("WEBPVP8L".utf8) + [14, 0, 0, 0, 0x2F, 0, 0, 0, 0]
        + [UInt8](repeating: 0, count: 9)

    @Test func eachKindEndsWhereItsFileEnds() throws {
        let files: [(String, [UInt8])] = [
            ("png", try Self.file("SampleData/images/mug-1.png")),
            ("jpeg", try Self.file("Tests/OpenMarketImagingTests/Fixtures/small-320.jpg")),
            // EXIF with an embedded thumbnail, whose own SOI and EOI must not end the walk.
            ("jpeg with metadata", try Self.file("Tests/OpenMarketImagingTests/Fixtures/orientation6-metadata.jpg")),
            ("gif", Self.gif),
            ("webp", Self.webp),
        ]
        for (name, bytes) in files {
            let header = try #require(ImageHeader.read(bytes), "\(name)")
            #expect(ImageExtent.length(of: bytes, kind: header.kind) == bytes.count, "\(name)")
            #expect(ImageExtent.fileCount(bytes) == 1, "\(name)")
        }
    }

    @Test func filesOneAfterTheOtherAreCounted() throws {
        let png = try Self.file("SampleData/images/mug-1.png")
        let jpeg = try Self.file("Tests/OpenMarketImagingTests/Fixtures/small-320.jpg")

        #expect(ImageExtent.fileCount(png + png) == 2)
        #expect(ImageExtent.fileCount(jpeg + jpeg + jpeg) == 3)
        #expect(ImageExtent.fileCount(png + jpeg) == 2)
        #expect(ImageExtent.fileCount(Self.gif + Self.webp) == 2)
    }

    @Test func bytesOfNoKnownKindAfterAPhotoAreNotAnotherPhoto() throws {
        let png = try Self.file("SampleData/images/mug-1.png")

        #expect(ImageExtent.fileCount(png + [UInt8](repeating: 0, count: 4096)) == 1)
        #expect(ImageExtent.fileCount(png + Array("trailing text".utf8)) == 1)
        #expect(ImageExtent.fileCount(Array("not a photo".utf8)) == nil)
    }

    @Test func aTruncatedFileHasNoEnd() throws {
        let png = try Self.file("SampleData/images/mug-1.png")
        let jpeg = try Self.file("Tests/OpenMarketImagingTests/Fixtures/small-320.jpg")

        #expect(ImageExtent.length(of: Array(png.dropLast(12)), kind: .png) == nil)
        #expect(ImageExtent.length(of: Array(jpeg.dropLast(2)), kind: .jpeg) == nil)
        #expect(ImageExtent.fileCount(Array(png.dropLast(12))) == 1)
    }
}
