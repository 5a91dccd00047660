/// What an image's header says, read without decoding a single pixel: the kind and the size.
///
/// Only structurally valid headers are accepted (a PNG's IHDR chunk, a JPEG frame header, a GIF screen
/// descriptor, a WebP VP8/VP8L/VP8X chunk), so twelve bytes of `RIFF····WEBP` are not an image. The size
/// lets a decompression bomb — a few kilobytes that decode to gigabytes — be refused before it is stored.
public struct ImageHeader: Sendable, Hashable {
    public var kind: ImageKind
    public var width: Int
    public var height: Int

    public init(kind: ImageKind, width: Int, height: Int) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// Reads the header; `nil` when the bytes are not a well-formed image of a kind we take.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        var reader = ByteReader(bytes)
        guard let header = readPNG(bytes) ?? readGIF(bytes) ?? readWebP(bytes) ?? readJPEG(&reader),
            header.width > 0, header.height > 0
        else { return nil }
        return header
    }

    public var pixels: Int { width * height }

    // MARK: PNG: signature, then the IHDR chunk (13 bytes of data) must come first.
    private static func readPNG(_ bytes: [UInt8]) -> ImageHeader? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature,
            ByteReader.uint32BE(bytes, at: 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8),
            let width = ByteReader.uint32BE(bytes, at: 16), let height = ByteReader.uint32BE(bytes, at: 20),
            width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
            [1, 2, 4, 8, 16].contains(bytes[24]), [0, 2, 3, 4, 6].contains(bytes[25]), bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1
        else { return nil }
        return ImageHeader(kind: .png, width: Int(width), height: Int(height))
    }

    // MARK: GIF: version, then the logical screen descriptor.
    private static func readGIF(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 13, Array(bytes[0..<6]) == Array("GIF87a".utf8) || Array(bytes[0..<6]) == Array("GIF89a".utf8),
            let width = ByteReader.uint16LE(bytes, at: 6), let height = ByteReader.uint16LE(bytes, at: 8)
        else { return nil }
        return ImageHeader(kind: .gif, width: Int(width), height: Int(height))
    }

    // MARK: WebP: RIFF container whose size matches, then a VP8, VP8L or VP8X chunk with its dimensions.
    private static func readWebP(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 30, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8),
            let riffSize = ByteReader.uint32LE(bytes, at: 4), riffSize >= 22, Int(riffSize) + 8 <= bytes.count,
            let chunkSize = ByteReader.uint32LE(bytes, at: 16), chunkSize > 0, Int(chunkSize) + 20 <= bytes.count
        else { return nil }
        let fourCC = String(decoding: bytes[12..<16], as: UTF8.self)
        switch fourCC {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard chunkSize >= 10, bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                let width = ByteReader.uint16LE(bytes, at: 26), let height = ByteReader.uint16LE(bytes, at: 28)
            else { return nil }
            return ImageHeader(kind: .webp, width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
        case "VP8L":
            // Signature 0x2F, then 14-bit width − 1 and height − 1, packed little-endian.
            guard chunkSize >= 5, bytes[20] == 0x2F, let packed = ByteReader.uint32LE(bytes, at: 21) else { return nil }
            return ImageHeader(kind: .webp, width: Int(packed & 0x3FFF) + 1, height: Int((packed >> 14) & 0x3FFF) + 1)
        case "VP8X":
            // Flags (1 byte), reserved (3), then 24-bit canvas width − 1 and height − 1.
            guard chunkSize >= 10, let width = ByteReader.uint24LE(bytes, at: 24), let height = ByteReader.uint24LE(bytes, at: 27) else {
                return nil
            }
            return ImageHeader(kind: .webp, width: Int(width) + 1, height: Int(height) + 1)
        default:
            return nil
        }
    }

    // MARK: JPEG: SOI, then segments until a start-of-frame marker gives the size.
    private static func readJPEG(_ reader: inout ByteReader) -> ImageHeader? {
        guard reader.next() == 0xFF, reader.next() == 0xD8 else { return nil }
        while let byte = reader.next() {
            guard byte == 0xFF else { return nil }
            var marker = reader.next()
            // Fill bytes: any number of 0xFF before a marker.
            while marker == 0xFF { marker = reader.next() }
            guard let marker else { return nil }
            switch marker {
            case 0xD8, 0xD9, 0xDA, 0x00, 0x01, 0xD0...0xD7:
                // A second SOI, the end, scan data or stray bytes before any frame header: not an image we can size.
                return nil
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard let length = reader.uint16BE(), length >= 8, reader.next() != nil,
                    let height = reader.uint16BE(), let width = reader.uint16BE(), let components = reader.next(),
                    [1, 3, 4].contains(components), Int(length) == 8 + 3 * Int(components)
                else { return nil }
                return ImageHeader(kind: .jpeg, width: Int(width), height: Int(height))
            default:
                guard let length = reader.uint16BE(), length >= 2, reader.skip(Int(length) - 2) else { return nil }
            }
        }
        return nil
    }
}

/// Bounds-checked reads over bytes: every read that would pass the end answers `nil`.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16BE() -> UInt16? {
        guard let high = next(), let low = next() else { return nil }
        return UInt16(high) << 8 | UInt16(low)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - offset else { return false }
        offset += count
        return true
    }

    static func uint16BE(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func uint16LE(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint24LE(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 3 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    }

    static func uint32LE(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    static func uint32BE(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
