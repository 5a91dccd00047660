import Foundation
import Hummingbird
import OpenMarketCore

/// Makes the store's relative image paths absolute, as API clients download them from anywhere.
struct ImageURLResolver: Sendable {
    /// Configured public origin; without one, the host the client used if it is one we answer to.
    let publicURL: URL?
    /// Host names that may appear in image URLs (the admin console's allowed hosts).
    let allowedHosts: Set<String>
    /// `host:port` we were configured to listen on, for when the connection's own address is unknown.
    let listenAuthority: String

    /// Any other `Host` gets the address the connection reached, so a forged header never reaches a URL.
    func origin(for request: Request, context: AppRequestContext) -> String {
        if let publicURL {
            let text = publicURL.absoluteString
            return text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        if let host = HostHeader(request.head.authority), allowedHosts.contains(host.name) {
            return "http://" + host.authority
        }
        if let local = context.localAddress, let ip = local.ipAddress, let port = local.port {
            return "http://" + (local.protocol == .inet6 ? "[\(ip)]" : ip) + ":\(port)"
        }
        return "http://" + listenAuthority
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
        path.first == "/" ? origin + path : path
    }
}
