import HTTPTypes
import Hummingbird
import NIOCore

/// Reads a response body of known size into one buffer.
enum BodyCollector {
    static func collect(_ body: ResponseBody, expected: Int) async throws -> ByteBuffer {
        let box = Box(capacity: expected)
        try await body.write(Writer(box: box))
        return box.buffer
    }

    final class Box: @unchecked Sendable {
        var buffer: ByteBuffer

        init(capacity: Int) {
            buffer = ByteBufferAllocator().buffer(capacity: capacity)
        }
    }

    struct Writer: ResponseBodyWriter {
        let box: Box

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            box.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
