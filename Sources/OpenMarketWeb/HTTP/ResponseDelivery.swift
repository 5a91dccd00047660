import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The last step of every response with a body of known size, before it goes out:
///
/// - a page or JSON document gets an entity tag from its bytes (unless its renderer tagged it), and a conditional GET whose tag matches gets
///   304 with no body — the page is rendered, but not sent again;
/// - HTML, CSS, JavaScript, JSON and SVG are gzip-compressed for clients that ask (`Accept-Encoding`), with
///   `Vary: Accept-Encoding` so shared caches keep both forms; a body sent before reuses its compressed form.
///
/// Photos are already compressed, and streams (the CSV export) are passed through as they are.
struct ResponseDelivery<Context: RequestContext>: RouterMiddleware {
    /// Below this, gzip's header and trailer eat most of the saving.
    static var minimumCompressedBytes: Int { 860 }
    /// Bodies larger than this are not held in memory for hashing or compression.
    static var maximumBufferedBytes: Int { 4 * 1024 * 1024 }

    /// Gzip outputs of bodies sent before, by entity tag.
    let compressedBodies: CompressedBodies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard let length = response.body.contentLength, length > 0, length <= Self.maximumBufferedBytes,
            response.headers[.contentEncoding] == nil
        else { return response }
        let type = MediaType(response.headers[.contentType])
        // A page around kept content comes tagged by `PageRenderer`; every other page or document is tagged here.
        let tagsContent = (request.method == .get || request.method == .head) && response.status == .ok && type.isDocument
        let compresses = type.isCompressible && length >= Self.minimumCompressedBytes && Self.acceptsGzip(request)
            && request.method != .head
        guard tagsContent || compresses else { return response }

        let bytes = try await BodyCollector.collect(response.body, expected: length)
        if tagsContent {
            let etag = response.headers[.eTag] ?? ContentTag.weak(bytes)
            response.headers[.eTag] = etag
            if ConditionalGet.isFresh(request, etag: etag) {
                response.status = .notModified
                response.headers[.contentLength] = nil
                response.headers[.contentType] = nil
                response.body = ResponseBody()
                return response
            }
        }
        if compresses, let compressed = try? compressed(bytes, tag: response.headers[.eTag]) {
            response.headers[.contentEncoding] = "gzip"
            response.headers[.vary] = response.headers[.vary].map { $0 + ", Accept-Encoding" } ?? "Accept-Encoding"
            response.headers[.contentLength] = String(compressed.readableBytes)
            response.body = ResponseBody(byteBuffer: compressed)
        } else {
            response.body = ResponseBody(byteBuffer: bytes)
        }
        return response
    }

    /// `gzip` listed without `q=0`.
    static func acceptsGzip(_ request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        return header.split(separator: ",").contains { entry in
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
        }
    }

    /// The gzip form of a body with an entity tag comes from `compressedBodies` when it was compressed before.
    private func compressed(_ bytes: ByteBuffer, tag: String?) throws -> ByteBuffer {
        guard let tag else {
            var input = bytes
            return try Self.gzip(&input)
        }
        return try compressedBodies.compressed(bytes, tag: tag) {
            var input = bytes
            return try Self.gzip(&input)
        }
    }

    /// One shot at the fastest level: a body not seen before is compressed while its client waits.
    static func gzip(_ bytes: inout ByteBuffer) throws -> ByteBuffer {
        let compressor = try ZlibCompressor(algorithm: .gzip, configuration: ZlibConfiguration(compressionLevel: .fastestCompression))
        var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: bytes))
        try compressor.deflate(from: &bytes, to: &output, flush: .finish)
        return output
    }
}
