import Foundation
import HTTPTypes
import Hummingbird

/// Attached to the route groups of pages (storefront and admin console), never to the API, photos or assets:
/// reads the visitor's cookies into the context, issues the CSRF cookie, refuses cross-site form posts, and
/// clears a flash message once a page has shown it.
struct VisitorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let csrfCookieName = "csrf"

    /// `host[:port]` of the configured public URL: behind a proxy that rewrites `Host`, forms come from there.
    var publicAuthority: String?
    /// Signs and checks the CSRF tokens (`CSRFToken`).
    let siteKey: SiteKey

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // `request.cookies` splits the header again at every use.
        let cookies = request.cookies
        // Only a token this site signed is taken; anything else (planted, or from before tokens were signed) is replaced.
        let cookie: String? = cookies[Self.csrfCookieName]?.value
        let kept = cookie.flatMap { CSRFToken.isGenuine($0, siteKey) ? $0 : nil }
        let token = kept ?? CSRFToken.make(siteKey)
        context.visitor.language = Language.preferred(for: request)
        context.visitor.csrfToken = token
        context.visitor.hadCSRFCookie = kept != nil
        context.visitor.flash = cookies[Flash.cookieName].flatMap { Flash(rawValue: $0.value) }
        context.visitor.listView = cookies[ListView.cookieName].flatMap { ListView(rawValue: $0.value) }
        context.visitor.likes = ProductTrail(ProductTrail.likes, cookie: cookies[ProductTrail.likes.cookieName]?.value)
        context.visitor.recent = ProductTrail(ProductTrail.recent, cookie: cookies[ProductTrail.recent.cookieName]?.value)
        if request.method == .post {
            try Self.refuseCrossSite(request, publicAuthority: publicAuthority)
        }
        var response = try await next(request, context)
        if kept == nil {
            response.setCookie(Self.cookie(Self.csrfCookieName, token, maxAge: nil))
        }
        if context.visitor.flash != nil, response.status == .ok {
            response.setCookie(Self.cookie(Flash.cookieName, "", maxAge: 0))
        }
        return response
    }

    /// Browsers say where a request comes from; a form posted from another site is refused outright.
    static func refuseCrossSite(_ request: Request, publicAuthority: String?) throws(WebError) {
        if let site = request.headers[.secFetchSite], site == "cross-site" {
            throw .crossSiteRequest
        }
        if let origin = request.headers[.origin], origin != "null" {
            let originHost = URL(string: origin)?.host.map { host in URL(string: origin)?.port.map { "\(host):\($0)" } ?? host }
            guard let originHost, originHost == request.head.authority || originHost == publicAuthority else { throw .crossSiteRequest }
        }
    }

    /// 32 random bytes as 64 hex digits, from the system's generator in one call (`arc4random_buf`: one
    /// `getrandom` where `SystemRandomNumberGenerator` would make four): keys of drafts and their photos, and the
    /// stand-in token of kept pages (as long as a `CSRFToken`).
    static func newToken() -> String {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let filled = withUnsafeMutableBytes(of: &words) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            arc4random_buf(base, buffer.count)
            return true
        }
        if !filled {
            var generator = SystemRandomNumberGenerator()
            words = (generator.next(), generator.next(), generator.next(), generator.next())
        }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        withUnsafeBytes(of: &words) { bytes in
            for byte in bytes {
                text.append(hex[Int(byte >> 4)])
                text.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Our cookies are never readable by scripts and never sent on cross-site subrequests.
    static func cookie(_ name: String, _ value: String, maxAge: Int?) -> SiteCookie {
        SiteCookie(name: name, value: value, maxAge: maxAge, path: "/", sameSite: .lax)
    }

    /// Compares without an early exit, so response time says nothing about how much of a token matched.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        constantTimeEquals(lhs.utf8, rhs.utf8)
    }

    static func constantTimeEquals(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
