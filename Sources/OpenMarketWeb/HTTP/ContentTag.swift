import NIOCore

/// A weak entity tag from a body's bytes: a 64-bit FNV-1a-style hash over 8-byte words in four interleaved lanes
/// (then the tail bytes), cheap enough for every page, and stable across restarts and instances.
enum ContentTag {
    static func weak(_ bytes: ByteBuffer) -> String {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        // Four independent chains, so the multiplications of neighbouring words overlap instead of waiting in turn.
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_8422_2325_cbf2, 0x2325_cbf2_9ce4_8422)
        var hash: UInt64 = 0
        bytes.withUnsafeReadableBytes { raw in
            func mix(_ lane: inout UInt64, _ offset: Int) {
                lane ^= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                lane = lane &* prime
                lane ^= lane >> 29
            }
            let blocks = raw.count / 32
            for block in 0..<blocks {
                let offset = block * 32
                mix(&lanes.0, offset)
                mix(&lanes.1, offset + 8)
                mix(&lanes.2, offset + 16)
                mix(&lanes.3, offset + 24)
            }
            func fold(_ lane: UInt64) {
                hash = (hash ^ lane) &* prime
                hash ^= hash >> 29
            }
            hash = lanes.0
            fold(lanes.1)
            fold(lanes.2)
            fold(lanes.3)
            let words = raw.count / 8
            for index in (blocks * 4)..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = hash &* prime
                hash ^= hash >> 29
            }
            for byte in raw[(words * 8)...] {
                hash ^= UInt64(byte)
                hash = hash &* prime
            }
            hash ^= UInt64(raw.count)
        }
        return "W/\"" + String(hash, radix: 16) + "\""
    }
}
