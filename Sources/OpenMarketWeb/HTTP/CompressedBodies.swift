import NIOConcurrencyHelpers
import NIOCore

/// Gzip outputs kept for bodies sent again and again — a list page every visitor gets the same, the API's list,
/// the stylesheet — found by the body's entity tag and used only when the body is byte for byte the one that was
/// compressed. Compressing a 25 KB page costs more than everything else its answer does; comparing costs about
/// a microsecond. Past `capacity` bodies or `maximumBytes` (bodies and their compressed forms) it starts over.
final class CompressedBodies: Sendable {
    static let capacity = 512
    static let maximumBytes = 8 * 1024 * 1024
    /// Larger bodies are compressed each time rather than kept.
    static let maximumBodyBytes = 512 * 1024

    private struct Kept {
        let original: ByteBuffer
        let compressed: ByteBuffer
    }

    private struct Entries {
        var bodies: [String: Kept] = [:]
        var bytes = 0
    }

    private let entries = NIOLockedValueBox(Entries())

    /// The compressed form of `body`, kept under `tag` or made by `compress` (and kept).
    func compressed(_ body: ByteBuffer, tag: String, compress: () throws -> ByteBuffer) rethrows -> ByteBuffer {
        if let kept = entries.withLockedValue({ $0.bodies[tag] }), kept.original == body {
            return kept.compressed
        }
        let compressed = try compress()
        let bytes = body.readableBytes + compressed.readableBytes
        guard body.readableBytes <= Self.maximumBodyBytes else { return compressed }
        entries.withLockedValue { entries in
            if entries.bodies.count >= Self.capacity || entries.bytes + bytes > Self.maximumBytes {
                entries = Entries()
            }
            if let replaced = entries.bodies.updateValue(Kept(original: body, compressed: compressed), forKey: tag) {
                entries.bytes -= replaced.original.readableBytes + replaced.compressed.readableBytes
            }
            entries.bytes += bytes
        }
        return compressed
    }

    /// How many bodies are kept (for tests).
    var count: Int {
        entries.withLockedValue { $0.bodies.count }
    }
}
