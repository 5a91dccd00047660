import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the stylesheet, the script and the API descriptions. Clients revalidate them on each use and get 304
/// while unchanged.
struct AssetsController<Context: RequestContext>: Sendable {
    let library: AssetLibrary

    func addRoutes(to group: RouterGroup<Context>) {
        for asset in Asset.allCases {
            group.get(.asset(asset)) { request, _ in try library.response(asset, to: request) }
        }
    }
}

extension AssetLibrary {
    func response(_ asset: Asset, to request: Request) throws -> Response {
        guard let file = self[asset] else { throw HTTPError(.notFound) }
        var headers: HTTPFields = [.eTag: file.etag, .cacheControl: "no-cache", .contentType: asset.contentType]
        if ConditionalGet.isFresh(request, etag: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
