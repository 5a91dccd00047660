import Foundation
import HTTPTypes
import Hummingbird
import OpenMarketCore
import OpenMarketStore

/// Serves the embedded market's photos. Their bytes never change under a key, so clients may cache them forever.
struct ImagesController<Context: RequestContext>: Sendable {
    let market: any ImageServing

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(.image(.key), use: show)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        guard let fileName = context.parameters.get("file"), let image = try await market.image(named: fileName) else {
            throw HTTPError(.notFound)
        }
        let etag = "\"\(image.tag)\""
        var headers: HTTPFields = [
            .eTag: etag,
            .cacheControl: "public, max-age=31536000, immutable",
            .contentType: image.mediaType,
        ]
        if ConditionalGet.isFresh(request, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(image.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }
}
