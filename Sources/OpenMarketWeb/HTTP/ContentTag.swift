import NIOCore

/// A weak entity tag from a body's bytes: a 64-bit FNV-1a over 8-byte words (then the tail bytes), cheap enough
/// for every page, and stable across restarts and instances.
enum ContentTag {
    static func weak(_ bytes: ByteBuffer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        bytes.withUnsafeReadableBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = hash &* prime
                hash ^= hash >> 29
            }
            for byte in raw[(words * 8)...] {
                hash ^= UInt64(byte)
                hash = hash &* prime
            }
        }
        return "W/\"" + String(hash, radix: 16) + "\""
    }
}
