import Foundation

/// A real PNG with a `zTXt` chunk that inflates to `megabytes` of zeros, made here: a deflate stream of one
/// dynamic Huffman block in which the repeat "258 bytes at distance 1" costs two bits, so 250 MB of text fit in
/// about 240 KB — the most zlib itself can reach.
enum PNGTextBomb {
    static func make(around png: Data, megabytes: Int) -> Data {
        let bytes = Array(png)
        // After the signature (8) and IHDR (25): the text chunk goes before the pixels.
        let text = Array("Comment".utf8) + [0, 0] + zlibZeros(count: megabytes * 1_000_000)
        return Data(bytes[0..<33] + chunk("zTXt", text) + bytes[33...])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of `count` zero bytes (rounded up to one literal and whole runs of 258).
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, 1)  // BFINAL
        bits.write(2, 2)  // BTYPE: dynamic Huffman
        bits.write(29, 5)  // HLIT: 286 literal/length codes
        bits.write(0, 5)  // HDIST: 1 distance code
        bits.write(14, 4)  // HCLEN: 18 code length codes
        // Code length code lengths in their transmitted order (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1):
        // symbol 2 gets 1 bit, symbols 18 and 1 two bits each.
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        let codeLengthLengths = [2: 1, 18: 2, 1: 2]
        for symbol in order { bits.write(UInt32(codeLengthLengths[symbol] ?? 0), 3) }
        // Canonical codes: 2 → 0; 1 → 10; 18 → 11.
        func codeLength(_ symbol: Int) {
            switch symbol {
            case 2: bits.writeCode(0b0, 1)
            case 1: bits.writeCode(0b10, 2)
            default: bits.writeCode(0b11, 2)
            }
        }
        func zeros(_ run: Int) {
            codeLength(18)
            bits.write(UInt32(run - 11), 7)
        }
        // Literal 0: 2 bits; 1…255: none; 256 (end): 2 bits; 257…284: none; 285 (length 258): 1 bit; distance 0: 1 bit.
        codeLength(2)
        zeros(138)
        zeros(117)
        codeLength(2)
        zeros(28)
        codeLength(1)
        codeLength(1)
        // Canonical literal/length codes: 285 → 0; 0 → 10; 256 → 11. Distance 0 → 0.
        bits.writeCode(0b10, 2)
        let runs = max(0, (count - 1 + 257) / 258)
        for _ in 0..<runs { bits.writeCode(0b0, 1); bits.writeCode(0b0, 1) }
        bits.writeCode(0b11, 2)
        let total = 1 + runs * 258
        return [0x78, 0xDA] + bits.finished + bigEndian(UInt32(total % 65_521) << 16 | 1)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        mutating func write(_ value: UInt32, _ count: Int) {
            for index in 0..<count { push(UInt8((value >> UInt32(index)) & 1)) }
        }

        mutating func writeCode(_ code: UInt32, _ length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { push(UInt8((code >> UInt32(index)) & 1)) }
        }

        private mutating func push(_ bit: UInt8) {
            current |= bit << UInt8(used)
            used += 1
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }

        /// The last byte, padded with zero bits.
        var finished: [UInt8] { used == 0 ? bytes : bytes + [current] }
    }
}

extension PNGTextBomb {
    /// A plain `width` × `height` RGB PNG of one colour, its pixels in one stored (uncompressed) deflate block.
    static func plainPNG(width: Int = 8, height: Int = 8) -> Data {
        let row = [UInt8(0)] + Array([UInt8]([200, 80, 40]).repeated(width))
        let raw = Array(row.repeated(height))
        var adler = (a: UInt32(1), b: UInt32(0))
        for byte in raw {
            adler.a = (adler.a + UInt32(byte)) % 65_521
            adler.b = (adler.b + adler.a) % 65_521
        }
        let length = UInt16(raw.count)
        let stored = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw
            + bigEndian(adler.b << 16 | adler.a)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored) + chunk("IEND", []))
    }
}

private extension Array {
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
