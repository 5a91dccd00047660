import Hummingbird
import OpenMarketWebState

/// Attached to the group of signed-in admin routes: without a valid session the request goes to the sign-in page
/// (a GET comes back to where it was afterwards) and its handler never runs. The routes are behind it because
/// they were added to its group, whatever their spelling, so no path is ever compared here.
struct AdminSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "admin_session"

    let accounts: AdminAccounts
    let siteKey: SiteKey

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let token = request.cookies[Self.cookieName]?.value, try await accounts.isValid(session: token) {
            // The console's forms carry a token made from the session, not the `csrf` cookie's (see `CSRFToken`).
            var context = context
            context.visitor.csrfToken = CSRFToken.console(session: token, siteKey)
            return try await next(request, context)
        }
        let back = request.method == .get ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : nil
        return Redirect.to(SiteURL.admin(.login(next: back)).link)
    }

    static func cookie(_ token: String, maxAge: Int) -> SiteCookie {
        SiteCookie(name: cookieName, value: token, maxAge: maxAge, path: AdminURL.cookiePath, sameSite: .strict)
    }
}
