import NIOCore
import OpenMarketTemplating

/// A weak entity tag from a body's bytes (``ByteDigest``), cheap enough for every page, and stable across restarts
/// and instances.
enum ContentTag {
    static func weak(_ bytes: ByteBuffer) -> String {
        tag(bytes.withUnsafeReadableBytes { ByteDigest.hash($0) })
    }

    /// The tag of a page written around a kept block fragment: the digests of the bytes before the fragment, of the
    /// fragment (made once, when it was rendered) and of the bytes after it, with the three lengths, hashed together.
    /// Only the visitor's parts of the page are read; any changed byte changes the digest of its part. Nil when
    /// `block` is not inside `bytes`.
    static func weak(_ bytes: ByteBuffer, around block: KeptBlock) -> String? {
        guard block.range.lowerBound >= 0, block.range.upperBound <= bytes.readableBytes else { return nil }
        return bytes.withUnsafeReadableBytes { raw in
            var parts: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
                ByteDigest.hash(UnsafeRawBufferPointer(rebasing: raw[..<block.range.lowerBound])), UInt64(block.range.lowerBound),
                block.digest, UInt64(block.range.count),
                ByteDigest.hash(UnsafeRawBufferPointer(rebasing: raw[block.range.upperBound...])), UInt64(raw.count - block.range.upperBound)
            )
            return tag(withUnsafeBytes(of: &parts) { ByteDigest.hash($0) })
        }
    }

    /// The tag of a kept whole page (`KeptPages`): the digest of its bytes but the token's, hashed with the token.
    static func weak(digest: UInt64, token: String) -> String {
        var token = token
        var parts: (UInt64, UInt64) = (digest, token.withUTF8 { ByteDigest.hash(UnsafeRawBufferPointer($0)) })
        return tag(withUnsafeBytes(of: &parts) { ByteDigest.hash($0) })
    }

    private static func tag(_ hash: UInt64) -> String {
        "W/\"" + String(hash, radix: 16) + "\""
    }
}
