/// A 64-bit FNV-1a-style hash of bytes over 8-byte words in four interleaved lanes (then the tail bytes): cheap
/// enough for every page, and stable across restarts and instances. A rendered fragment keeps its own, so that a
/// page written around it can tag its bytes without reading the fragment again.
public enum ByteDigest {
    public static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        // Four independent chains, so the multiplications of neighbouring words overlap instead of waiting in turn.
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_8422_2325_cbf2, 0x2325_cbf2_9ce4_8422)
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
        var hash = lanes.0
        func fold(_ lane: UInt64) {
            hash = (hash ^ lane) &* prime
            hash ^= hash >> 29
        }
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
        return hash
    }
}
