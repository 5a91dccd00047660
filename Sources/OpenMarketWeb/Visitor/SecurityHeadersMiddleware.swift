import Foundation
import HTTPTypes
import Hummingbird

/// Headers that make every response safer by default: no inline script, no sniffing, no framing. Over HTTPS —
/// an `https` public URL, or a trusted proxy's `X-Forwarded-Proto: https` — also HSTS, and every cookie we set
/// is `Secure`, so no session or token ever travels in clear text.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// A year, as browsers' preload lists ask; without `includeSubDomains`, since other hosts of the domain are not ours.
    static let strictTransportSecurity = "max-age=31536000"

    /// Where product photos may come from: this server, plus the upstream market in remote mode.
    let imageSources: String
    /// The configured public URL is `https`: every visitor comes over HTTPS.
    let alwaysHTTPS: Bool

    init(upstreamOrigin: String?, publicURL: URL? = nil) {
        imageSources = (["'self'", "blob:", "data:"] + (upstreamOrigin.map { [$0] } ?? [])).joined(separator: " ")
        alwaysHTTPS = publicURL?.scheme?.lowercased() == "https"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src \(imageSources); script-src 'self'; style-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        if alwaysHTTPS || context.forwardedHTTPS {
            response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
            Self.markCookiesSecure(&response.headers)
        }
        return response
    }

    /// Adds `Secure` to each `Set-Cookie` (ours are all written by `SiteCookie`, which never adds it itself).
    static func markCookiesSecure(_ headers: inout HTTPFields) {
        guard headers.contains(.setCookie) else { return }
        let cookies = headers[values: .setCookie]
        headers[.setCookie] = nil
        for cookie in cookies {
            headers.append(HTTPField(name: .setCookie, value: cookie.hasSuffix("; Secure") ? cookie : cookie + "; Secure"))
        }
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}
