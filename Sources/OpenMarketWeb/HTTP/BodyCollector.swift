import HTTPTypes
import Hummingbird
import NIOCore

/// Reads a response body of known size into one buffer.
enum BodyCollector {
    static func collect(_ body: ResponseBody, expected: Int) async throws -> ByteBuffer {
        let box = Box(capacity: expected)
        try await body.write(Writer(box: box))
        return box.buffer ?? ByteBuffer()
    }

    final class Box: @unchecked Sendable {
        var buffer: ByteBuffer?
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
        }
    }

    struct Writer: ResponseBodyWriter {
        let box: Box

        mutating func write(_ buffer: ByteBuffer) async throws {
            // A body written in one buffer (a rendered page, a JSON answer) is kept as it is, without a copy.
            guard var collected = box.buffer else {
                box.buffer = buffer
                return
            }
            box.buffer = nil
            collected.reserveCapacity(minimumWritableBytes: max(box.capacity - collected.readableBytes, buffer.readableBytes))
            var buffer = buffer
            collected.writeBuffer(&buffer)
            box.buffer = collected
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
