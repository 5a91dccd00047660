import Foundation

/// Rewrites libvips' WebP output as a bare image: libvips 8.14's WebP saver ignores `strip` and always writes an
/// EXIF chunk (https://github.com/libvips/libvips/issues/3340), so only the bitstream chunk is kept.
enum WebPContainer {
    /// The simple-format file ("RIFF", size, "WEBP", one "VP8 " or "VP8L" chunk) holding `data`'s image.
    /// Throws for anything this module never produces: alpha, animation, or a damaged container.
    static func withoutMetadata(_ data: Data) throws(ImageError) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == riff[...], bytes[8..<12] == webp[...] else { throw .encodeFailed }
        var offset = 12
        var bitstream: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let payloadEnd = offset + 8 + size
            guard payloadEnd <= bytes.count else { throw .encodeFailed }
            switch fourCC {
            case "VP8 ", "VP8L":
                bitstream = bytes[offset..<payloadEnd]
            case "ALPH", "ANIM", "ANMF":
                throw .encodeFailed
            default:
                break  // VP8X, EXIF, XMP, ICCP: metadata and its index
            }
            offset = payloadEnd + size % 2  // chunks are padded to an even length
        }
        guard var chunk = bitstream else { throw .encodeFailed }
        if chunk.count % 2 == 1 { chunk.append(0) }
        var output = Data(riff)
        output.append(contentsOf: littleEndian(UInt32(4 + chunk.count)))
        output.append(contentsOf: webp)
        output.append(contentsOf: chunk)
        return output
    }

    private static let riff: [UInt8] = Array("RIFF".utf8)
    private static let webp: [UInt8] = Array("WEBP".utf8)

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
}
