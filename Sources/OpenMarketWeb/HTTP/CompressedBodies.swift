import NIOCore
import OpenMarketWebState

/// Gzip outputs kept for bodies sent again and again — a list page every visitor gets the same, the API's list,
/// the stylesheet — found by the body's entity tag and used only when the body is byte for byte the one that was
/// compressed. Compressing a 25 KB page costs more than everything else its answer does; comparing costs about
/// a microsecond. Bounded by `capacity` bodies and `maximumBytes` (bodies and their compressed forms).
final class CompressedBodies: Sendable {
    static let capacity = 512
    static let maximumBytes = 8 * 1024 * 1024
    /// Larger bodies are compressed each time rather than kept.
    static let maximumBodyBytes = 512 * 1024

    private struct Kept {
        let original: ByteBuffer
        let compressed: ByteBuffer
    }

    private let kept = BoundedCache<String, Kept>(capacity: CompressedBodies.capacity, maximumBytes: CompressedBodies.maximumBytes)

    /// The compressed form of `body`, kept under `tag` or made by `compress` (and kept).
    func compressed(_ body: ByteBuffer, tag: String, compress: () throws -> ByteBuffer) rethrows -> ByteBuffer {
        if let found = kept.value(for: tag), found.original == body {
            return found.compressed
        }
        let compressed = try compress()
        guard body.readableBytes <= Self.maximumBodyBytes else { return compressed }
        kept.keep(Kept(original: body, compressed: compressed), bytes: body.readableBytes + compressed.readableBytes, for: tag)
        return compressed
    }

    /// How many bodies are kept (for tests).
    var count: Int { kept.count }
}
