import Foundation
import OpenMarketInput
import Testing

/// Image headers are read structurally, without decoding pixels.
@Suite("Image headers", .timeLimit(.minutes(10)))
struct ImageHeaderTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func png(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colour: UInt8 = 2) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [bitDepth, colour, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 32)
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8] + [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xFF] + [0xFF, 0xC2, 0x00, 0x11, 8, 0x0B, 0xB8, 0x0F, 0xA0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0, 0, 0, 0]

    @Test func everySamplePhotoIsAPNGWithItsSize() throws {
        let directory = Self.packageRoot.appending(path: "SampleData/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        try #require(names.count > 10)
        for name in names {
            let header = try #require(ImageHeader.read([UInt8](try Data(contentsOf: directory.appending(path: name)))), "\(name)")
            #expect(header.kind == .png)
            #expect(header.width > 0 && header.height > 0)
        }
    }

    @Test func eachKindIsReadWithItsSize() {
        #expect(ImageHeader.read(Self.png(width: 640, height: 480)) == ImageHeader(kind: .png, width: 640, height: 480))
        // Progressive JPEG (SOF2) after an APP0 segment and a fill byte: 4000 × 3000.
        #expect(ImageHeader.read(Self.jpeg) == ImageHeader(kind: .jpeg, width: 4000, height: 3000))
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02, 0, 0, 0]
        #expect(ImageHeader.read(gif) == ImageHeader(kind: .gif, width: 800, height: 600))
        let lossless: [UInt8] = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8L".utf8) + [10, 0, 0, 0, 0x2F, 0x3F, 0xC0, 0x1F, 0x00]
            + [UInt8](repeating: 0, count: 5)
        #expect(ImageHeader.read(lossless) == ImageHeader(kind: .webp, width: 64, height: 128))
        let extended: [UInt8] = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0xFF, 0x0E, 0x00, 0xBB, 0x0B, 0x00]
        #expect(ImageHeader.read(extended) == ImageHeader(kind: .webp, width: 3840, height: 3004))
    }

    @Test(arguments: [
        ("twelve bytes of RIFF WEBP", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)),
        ("WebP with a size past its end", Array("RIFF".utf8) + [0xFF, 0xFF, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F, 0, 0, 0, 0, 0, 0]),
        ("WebP with an unknown chunk", Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPXXXX".utf8) + [UInt8](repeating: 1, count: 14)),
        ("PNG signature only", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("PNG without IHDR first", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 20)),
        ("PNG of bit depth 3", png(width: 10, height: 10, bitDepth: 3)),
        ("PNG of zero width", png(width: 0, height: 10)),
        ("JPEG magic only", [0xFF, 0xD8, 0xFF, 0xE0]),
        ("JPEG scan before any frame", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6]),
        ("JPEG with a segment past its end", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 1, 2, 3]),
        ("GIF magic only", Array("GIF89a".utf8)),
        ("text", Array("just some text, not a picture at all".utf8)),
        ("nothing", []),
    ] as [(String, [UInt8])])
    func malformedHeadersAreNotImages(name: String, bytes: [UInt8]) {
        #expect(ImageHeader.read(bytes) == nil, "\(name)")
    }

    @Test func bombsAreTooLargeByTheirHeader() throws {
        let bomb = try #require(ImageHeader.read(Self.png(width: 30_000, height: 30_000, bitDepth: 1, colour: 0)))
        #expect(ImageLimits.problem(with: bomb) == .sideTooLong(width: 30_000, height: 30_000))
        let claimed = try #require(ImageHeader.read(Self.png(width: 64_250, height: 64_250)))
        #expect(ImageLimits.problem(with: claimed) != nil)
        let wide = try #require(ImageHeader.read(Self.png(width: 9_000, height: 9_000)))
        #expect(ImageLimits.problem(with: wide) == .tooManyPixels(width: 9_000, height: 9_000))
        let phone = try #require(ImageHeader.read(Self.png(width: 8_064, height: 6_048)))
        #expect(ImageLimits.problem(with: phone) == nil, "a 48-megapixel phone photo passes")
    }
}
