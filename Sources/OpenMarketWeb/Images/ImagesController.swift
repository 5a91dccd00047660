import Foundation
import HTTPTypes
import Hummingbird
import OpenMarketStore

/// Serves the embedded market's photos. Their bytes never change under a key, so clients may cache them forever.
struct ImagesController<Context: RequestContext>: Sendable {
    let market: SQLiteMarket

    func addRoutes(to router: Router<Context>) {
        router.get(SiteURL.Route.image, use: show)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        guard let fileName = context.parameters.get("file"), let image = try await market.image(named: fileName) else {
            throw HTTPError(.notFound)
        }
        let etag = "\"\(image.key)\""
        var headers: HTTPFields = [
            .eTag: etag,
            .cacheControl: "public, max-age=31536000, immutable",
            .contentType: image.mediaType,
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(image.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }
}
