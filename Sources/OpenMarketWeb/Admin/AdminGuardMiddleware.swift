import Hummingbird

/// In front of every `/admin` route: refuses unknown host names (DNS rebinding), and sends anyone without a
/// valid session to the sign-in page.
struct AdminGuardMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let sessionCookie = "admin_session"

    let accounts: AdminAccounts
    let allowedHosts: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path == "/admin" || path.hasPrefix("/admin/") else { return try await next(request, context) }
        guard allowedHosts.contains(Self.hostName(request.head.authority)) else { throw WebError.hostNotAllowed }
        if request.uri.path == AdminURL.login.path {
            return try await next(request, context)
        }
        if let token = request.cookies[Self.sessionCookie]?.value, try await accounts.isValid(session: token) {
            return try await next(request, context)
        }
        let back = request.method == .get ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : AdminURL.products.path
        return StorefrontController.redirect(to: AdminURL.loginReturning(to: back).path)
    }

    /// `Host` without its port, lower-cased; IPv6 literals keep their brackets.
    static func hostName(_ authority: String?) -> String {
        guard let authority = authority?.lowercased() else { return "" }
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[...end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }

    static func sessionCookie(_ token: String, maxAge: Int) -> Cookie {
        Cookie(name: sessionCookie, value: token, maxAge: maxAge, path: "/admin", httpOnly: true, sameSite: .strict)
    }
}
