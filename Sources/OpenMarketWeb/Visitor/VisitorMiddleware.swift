import Foundation
import HTTPTypes
import Hummingbird
import OpenMarketTexts
import OpenMarketWebState

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

    /// Our cookies are never readable by scripts and never sent on cross-site subrequests.
    static func cookie(_ name: String, _ value: String, maxAge: Int?) -> SiteCookie {
        SiteCookie(name: name, value: value, maxAge: maxAge, path: "/", sameSite: .lax)
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
