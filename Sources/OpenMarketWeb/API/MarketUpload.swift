import Foundation
import NIOCore
import OpenMarketCore
import OpenMarketInput
import OpenMarketWebState

/// A create request's multipart parts turned into a draft, its secret and its photos.
struct MarketUpload {
    var draft: ProductDraft
    var secret: String
    var images: [ImageUpload]

    init(_ parts: [MultipartForm.Part]) throws(OpenMarketError) {
        guard Set(parts.map(\.name)).count <= MultipartLimits.maxAPINames else {
            throw .malformed("The multipart body has parts of more than \(MultipartLimits.maxAPINames) names.")
        }
        let params = parts.filter { $0.name == "params" }
        guard let paramsPart = params.first else {
            throw .malformed("Required request part 'params' is not present.")
        }
        guard params.count == 1 else {
            throw .malformed("The `params` part appears \(params.count) times; send it once.")
        }
        (draft, secret) = try MarketRequestBodies.createParams(Data(paramsPart.body.readableBytesView))
        // v1 clients name the parts `images[]`; both names carry photos.
        images = parts.filter { $0.name == "images" || $0.name == "images[]" }.map { part in
            Telemetry.recordUpload(bytes: part.body.readableBytes, path: "api")
            return ImageUpload(filename: part.filename ?? "image", contentType: part.contentType, data: Data(part.body.readableBytesView))
        }
    }
}
