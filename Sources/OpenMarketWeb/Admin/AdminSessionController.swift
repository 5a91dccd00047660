import Hummingbird
import Logging

/// Sign-in and sign-out of the admin console.
struct AdminSessionController: Sendable {
    typealias Context = AppRequestContext

    let accounts: AdminAccounts
    let renderer: PageRenderer
    let throttle: PasswordThrottle
    let bodyDeadline: Duration

    func addRoutes(to router: Router<Context>) {
        router.get(AdminURL.Route.login, use: showLogin)
        router.post(AdminURL.Route.login, use: login)
        router.post(AdminURL.Route.logout, use: logout)
        router.get(AdminURL.Route.root) { _, _ in StorefrontController.redirect(to: AdminURL.products.path) }
    }

    @Sendable func showLogin(_ request: Request, context: Context) async throws -> Response {
        try page(request, context, next: FormQuery(request).get("next"))
    }

    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let a = context.visitor.language.adminStrings
        let key = PasswordThrottle.Key(client: context.clientKey, subject: "admin-login")
        if let wait = await throttle.waitSeconds(for: key) {
            context.logger.warning("Admin sign-in refused while throttled", metadata: ["client": "\(context.clientKey)"])
            return try page(request, context, next: form["next"], error: a.loginThrottled(seconds: wait), status: .tooManyRequests)
        }
        guard try await accounts.verify(form["password"] ?? "") else {
            await throttle.recordFailure(for: key)
            context.logger.warning("Failed admin sign-in", metadata: ["client": "\(context.clientKey)"])
            return try page(request, context, next: form["next"], error: a.loginWrong, status: .unauthorized)
        }
        await throttle.recordSuccess(for: key)
        let token = try await accounts.startSession()
        context.logger.notice("Admin signed in", metadata: ["client": "\(context.clientKey)"])
        var response = StorefrontController.redirect(to: Self.adminPath(form["next"]))
        response.setCookie(AdminGuardMiddleware.sessionCookie(token, maxAge: Int(AdminAccounts.sessionLifetime)))
        return response
    }

    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        _ = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        if let token = request.cookies[AdminGuardMiddleware.sessionCookie]?.value {
            try await accounts.endSession(token)
        }
        var response = StorefrontController.redirect(to: AdminURL.login.path)
        response.setCookie(AdminGuardMiddleware.sessionCookie("", maxAge: 0))
        return response
    }

    /// After sign-in, only somewhere inside the console.
    static func adminPath(_ candidate: String?) -> String {
        let path = StorefrontController.localPath(candidate)
        return path.hasPrefix("/admin/") && !path.hasPrefix(AdminURL.login.path) ? path : AdminURL.products.path
    }

    private func page(
        _ request: Request, _ context: Context, next: String?, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let a = context.visitor.language.adminStrings
        let layout = PageLayout(title: a.loginTitle, request: request, visitor: context.visitor)
        let page = AdminLoginPage(layout: layout, language: context.visitor.language, next: Self.adminPath(next), error: error)
        return try renderer.response(page, status: status)
    }
}
