import CompressNIO
import NIOCore
import Testing
@testable import OpenMarketWeb

/// Kept gzip outputs are used only for the very bytes they were made from.
@Suite("Compressed bodies", .timeLimit(.minutes(10)))
struct CompressedBodiesTests {
    static func gzip(_ text: String) throws -> ByteBuffer {
        var input = ByteBuffer(string: text)
        return try ResponseDelivery<AppRequestContext>.gzip(&input)
    }

    @Test func aBodySentAgainIsCompressedOnce() throws {
        let kept = CompressedBodies()
        var compressions = 0
        let body = ByteBuffer(string: String(repeating: "<li>lamp</li>", count: 200))
        for _ in 0..<3 {
            let output = try kept.compressed(body, tag: "W/\"1\"") {
                compressions += 1
                return try Self.gzip(String(buffer: body))
            }
            var compressed = output
            #expect(String(buffer: try compressed.decompress(with: .gzip())) == String(buffer: body))
        }
        #expect(compressions == 1)
    }

    /// Tags are hashes: should two bodies ever share one, the second is compressed for itself, never given the first's.
    @Test func anotherBodyUnderTheSameTagIsCompressedForItself() throws {
        let kept = CompressedBodies()
        let first = ByteBuffer(string: String(repeating: "first ", count: 300))
        let second = ByteBuffer(string: String(repeating: "second ", count: 300))
        _ = try kept.compressed(first, tag: "W/\"same\"") { try Self.gzip(String(buffer: first)) }
        var output = try kept.compressed(second, tag: "W/\"same\"") { try Self.gzip(String(buffer: second)) }
        #expect(String(buffer: try output.decompress(with: .gzip())) == String(buffer: second))
        #expect(kept.count == 1)
    }

    @Test func theCacheStaysBounded() throws {
        let kept = CompressedBodies()
        for number in 0..<(CompressedBodies.capacity + 50) {
            let body = ByteBuffer(string: "body \(number)")
            _ = try kept.compressed(body, tag: "\(number)") { try Self.gzip(String(buffer: body)) }
            #expect(kept.count <= CompressedBodies.capacity)
        }
    }
}
