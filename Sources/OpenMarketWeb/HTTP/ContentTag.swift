import NIOCore

/// A weak entity tag from a body's bytes (64-bit FNV-1a): cheap, stable across restarts and instances.
enum ContentTag {
    static func weak(_ bytes: ByteBuffer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeReadableBytes { raw in
            for byte in raw {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return "W/\"" + String(hash, radix: 16) + "\""
    }
}
