/// Where the first image file in some bytes ends, found by walking its structure: PNG chunks to `IEND`, JPEG
/// segments and scans to `EOI`, GIF blocks to the trailer, the WebP RIFF size. `nil` when the structure cannot
/// be followed to its end.
///
/// An upload part is one photo. Some clients write every photo into one part, one file after the other; a
/// decoder reads the first and never sees the rest. Knowing where the first file ends lets the market see that
/// more follow, and refuse instead of keeping one photo of several without a word.
public enum ImageExtent {
    public static func length(of bytes: [UInt8], kind: ImageKind) -> Int? {
        switch kind {
        case .png: png(bytes)
        case .jpeg: jpeg(bytes)
        case .gif: gif(bytes)
        case .webp: ByteReader.uint32LE(bytes, at: 4).flatMap { size in 8 + Int(size) <= bytes.count ? 8 + Int(size) : nil }
        }
    }

    /// Files past this many are not counted: more photos than a product takes are as wrong as two, and each
    /// step copies the rest of the bytes, so a part of many tiny files cannot make counting them costly.
    public static let maxCounted = 6

    /// How many image files lie one after the other at the start of `bytes` (1 for a lone photo, whatever
    /// bytes of no known kind trail it; at most `maxCounted`), or `nil` when the bytes do not start with an image.
    public static func fileCount(_ bytes: [UInt8]) -> Int? {
        guard ImageHeader.read(bytes) != nil else { return nil }
        var count = 0
        var rest = ArraySlice(bytes)
        while count < maxCounted, let header = ImageHeader.read(Array(rest)) {
            count += 1
            guard let length = length(of: Array(rest), kind: header.kind), length < rest.count else { break }
            rest = rest.dropFirst(length)
        }
        return count
    }

    private static func png(_ bytes: [UInt8]) -> Int? {
        var position = 8
        while let length = ByteReader.uint32BE(bytes, at: position), position + 12 + Int(length) <= bytes.count {
            let type = bytes[(position + 4)..<(position + 8)]
            position += 12 + Int(length)
            if type.elementsEqual("IEND".utf8) { return position }
        }
        return nil
    }

    private static func jpeg(_ bytes: [UInt8]) -> Int? {
        var position = 2
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            var marker = bytes[position + 1]
            position += 2
            while marker == 0xFF, position < bytes.count { marker = bytes[position]; position += 1 }
            switch marker {
            case 0xD9:
                return position
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard let length = ByteReader.uint16BE(bytes, at: position), length >= 2 else { return nil }
                position += Int(length)
                guard marker == 0xDA else { continue }
                // Entropy-coded data: a 0xFF in it is followed by 0x00 (a stuffed byte) or a restart marker.
                while position + 1 < bytes.count {
                    let next = bytes[position + 1]
                    if bytes[position] == 0xFF, next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { break }
                    position += 1
                }
            }
        }
        return nil
    }

    private static func gif(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 13 else { return nil }
        var position = 13 + colorTableSize(bytes[10])
        while position < bytes.count {
            switch bytes[position] {
            case 0x3B:
                return position + 1
            case 0x21:
                position += 2
            case 0x2C:
                guard position + 10 < bytes.count else { return nil }
                position += 10 + colorTableSize(bytes[position + 9]) + 1
            default:
                return nil
            }
            // Data sub-blocks, each led by its size, up to an empty one.
            while position < bytes.count, bytes[position] != 0 { position += Int(bytes[position]) + 1 }
            position += 1
        }
        return nil
    }

    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }
}
