import Hummingbird
import Logging

/// Sign-in and sign-out of the admin console.
struct AdminSessionController: Sendable {
    typealias Context = AppRequestContext

    let accounts: AdminAccounts
    let renderer: PageRenderer
    let throttle: GuessThrottle
    let bodyDeadline: Duration

    /// `signIn` is the console's group without the session check; `console` the signed-in routes.
    func addRoutes(signIn: RouterGroup<Context>, console: RouterGroup<Context>) {
        signIn.get(.admin(.login()), use: showLogin)
        signIn.post(.admin(.login()), use: login)
        console.post(.admin(.logout), use: logout)
        console.get(.admin(.home)) { _, _ in Redirect.to(SiteURL.admin(.products()).link) }
    }

    @Sendable func showLogin(_ request: Request, context: Context) async throws -> Response {
        try page(request, context, next: FormQuery(request).get("next"))
    }

    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let a = context.visitor.language.adminStrings
        if let wait = try await throttle.blockedSeconds(client: context.clientKey, subject: .adminSignIn) {
            context.logger.warning("Admin sign-in refused while throttled", metadata: ["client": "\(context.clientKey)"])
            return try page(request, context, next: form["next"], error: a.loginThrottled(seconds: wait), status: .tooManyRequests)
        }
        guard try await accounts.verify(form["password"] ?? "") else {
            await throttle.recordMiss(client: context.clientKey, subject: .adminSignIn)
            context.logger.warning("Failed admin sign-in", metadata: ["client": "\(context.clientKey)"])
            return try page(request, context, next: form["next"], error: a.loginWrong, status: .unauthorized)
        }
        await throttle.recordSuccess(client: context.clientKey, subject: .adminSignIn)
        let token = try await accounts.startSession()
        context.logger.notice("Admin signed in", metadata: ["client": "\(context.clientKey)"])
        var response = Redirect.to(Self.adminPath(form["next"]))
        response.setCookie(AdminSessionMiddleware.cookie(token, maxAge: Int(AdminAccounts.sessionLifetime)))
        return response
    }

    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        _ = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        if let token = request.cookies[AdminSessionMiddleware.cookieName]?.value {
            try await accounts.endSession(token)
        }
        var response = Redirect.to(SiteURL.admin(.login()).link)
        response.setCookie(AdminSessionMiddleware.cookie("", maxAge: 0))
        return response
    }

    /// After sign-in, only somewhere inside the console.
    static func adminPath(_ candidate: String?) -> String {
        let path = Redirect.localPath(candidate)
        return AdminURL.isReturnTarget(path) ? path : SiteURL.admin(.products()).link
    }

    private func page(
        _ request: Request, _ context: Context, next: String?, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let a = context.visitor.language.adminStrings
        let pageContext = PageContext(title: a.loginTitle, request: request, visitor: context.visitor)
        let page = AdminLoginPage(context: pageContext, next: Self.adminPath(next), error: error)
        return try renderer.response(page, status: status)
    }
}
