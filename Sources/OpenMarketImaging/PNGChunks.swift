import Foundation

/// A PNG as the decoder gets it: only the chunks that make its pixels.
///
/// PNG files may carry text (`tEXt`, and `zTXt` and `iTXt` compressed), timestamps, previews and chunks of any
/// private kind. A decoder inflates compressed text while it reads the header — and libvips reads the header
/// several times per photo — so a 250 KB file holding 250 MB of "comment" cost a second of CPU per photo, though
/// every image we store is stripped of metadata anyway. Before a PNG is inspected, every ancillary chunk is
/// therefore left out except those that change how its pixels look (transparency, gamma, chromaticities, sRGB,
/// significant bits, an ICC profile of a sane size) and EXIF (uncompressed; it holds the orientation).
/// What is left costs time in proportion to the pixels, which `ImageLimits` bounds.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Ancillary chunks that are kept; critical ones (upper-case first letter) always are.
    static let keptAncillary: Set<String> = ["tRNS", "gAMA", "cHRM", "sRGB", "sBIT", "iCCP", "eXIf"]
    /// A compressed ICC profile is a few kilobytes; past this it is no profile a camera or an editor writes.
    static let maxICCPBytes = 64 * 1024

    /// `data` without the chunks a decoder does not need; unchanged when it is not a PNG, has nothing to leave out,
    /// or its chunks do not add up (the decoder then refuses it as it would have).
    static func essential(_ data: Data) -> Data {
        data.withUnsafeBytes { bytes in
            guard let chunks = chunks(bytes), chunks.contains(where: { !isKept($0, bytes) }) else { return data }
            var kept = Data(signature)
            kept.reserveCapacity(bytes.count)
            for chunk in chunks where isKept(chunk, bytes) {
                kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[chunk.whole]))
            }
            return kept
        }
    }

    private struct Chunk {
        var type: [UInt8]
        /// Length, type, data and CRC.
        var whole: Range<Int>
        var dataCount: Int
    }

    /// The chunks up to and including `IEND`; `nil` when the bytes are not a PNG whose chunks fit in them.
    private static func chunks(_ bytes: UnsafeRawBufferPointer) -> [Chunk]? {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= bytes.count else { return nil }
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            chunks.append(Chunk(type: type, whole: offset..<end, dataCount: length))
            if type == Array("IEND".utf8) { return chunks }
            offset = end
        }
        return nil
    }

    private static func isKept(_ chunk: Chunk, _ bytes: UnsafeRawBufferPointer) -> Bool {
        // Bit 5 of the first byte: lower case is ancillary.
        guard chunk.type[0] & 0x20 != 0 else { return true }
        let name = String(decoding: chunk.type, as: UTF8.self)
        guard keptAncillary.contains(name) else { return false }
        return name != "iCCP" || chunk.dataCount <= maxICCPBytes
    }
}
