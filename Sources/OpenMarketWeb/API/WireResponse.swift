import Foundation
import Hummingbird
import OpenMarketCore

/// Responses of the market API in its wire format.
enum WireResponse {
    static func json(_ value: WireJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized())))
    }

    static func text(_ value: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain;charset=UTF-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value)))
    }
}

/// Makes the store's relative image paths absolute, as API clients download them from anywhere.
struct ImageURLResolver: Sendable {
    /// Configured public origin; without one, the origin the client used (its `Host` header).
    let publicURL: URL?
    let fallbackHost: String

    func origin(for request: Request) -> String {
        if let publicURL {
            let text = publicURL.absoluteString
            return text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        let host = request.head.authority ?? fallbackHost
        // Only plain host[:port] characters: a crafted Host header cannot inject anything into URLs.
        let safe = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }
        return "http://" + (safe && !host.isEmpty ? host : fallbackHost)
    }

    func absolute(_ detail: ProductDetail, origin: String) -> ProductDetail {
        var detail = detail
        detail.thumbnailURL = absolute(detail.thumbnailURL, origin: origin)
        detail.images = detail.images.map { image in
            var image = image
            image.url = absolute(image.url, origin: origin)
            image.thumbnailURL = absolute(image.thumbnailURL, origin: origin)
            return image
        }
        return detail
    }

    func absolute(_ page: ProductPage, origin: String) -> ProductPage {
        var page = page
        page.products = page.products.map { product in
            var product = product
            product.thumbnailURL = absolute(product.thumbnailURL, origin: origin)
            return product
        }
        return page
    }

    private func absolute(_ path: String, origin: String) -> String {
        path.hasPrefix("/") ? origin + path : path
    }
}
