import Foundation
import HTTPTypes
import Hummingbird
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// Serves the embedded market's photos. Their bytes never change under a key, so clients may cache them forever.
/// A market that streams them (PostgreSQL) has each sent slice by slice; SQLite's are read whole from the file.
struct ImagesController<Context: RequestContext>: Sendable {
    let market: any ImageServing

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(.image(.key), use: show)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        guard let fileName = context.parameters.get("file") else { throw HTTPError(.notFound) }
        if let streaming = market as? any ImageStreaming {
            guard let image = try await streaming.streamedImage(named: fileName) else { throw HTTPError(.notFound) }
            var headers = Self.headers(tag: image.tag, mediaType: image.mediaType)
            // Fresh: answered before a byte of the photo is read.
            if ConditionalGet.isFresh(request, etag: headers[.eTag] ?? "") {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentLength] = String(image.length)
            let slices = image.slices
            let body = ResponseBody(contentLength: image.length) { writer in
                // One slice is read when the last one was handed on: a slow client holds no connection.
                for try await slice in slices { try await writer.write(ByteBuffer(bytes: slice)) }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
        guard let image = try await market.image(named: fileName) else { throw HTTPError(.notFound) }
        var headers = Self.headers(tag: image.tag, mediaType: image.mediaType)
        if ConditionalGet.isFresh(request, etag: headers[.eTag] ?? "") {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(image.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    private static func headers(tag: String, mediaType: String) -> HTTPFields {
        [.eTag: "\"\(tag)\"", .cacheControl: "public, max-age=31536000, immutable", .contentType: mediaType]
    }
}
