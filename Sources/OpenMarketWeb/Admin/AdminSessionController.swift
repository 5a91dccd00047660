import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketPostgres
import OpenMarketTexts
import OpenMarketWebState

/// Sign-in and sign-out of the admin console.
struct AdminSessionController: Sendable {
    typealias Context = AppRequestContext

    let accounts: AdminAccounts
    let renderer: PageRenderer
    let throttle: GuessThrottle
    let bodyDeadline: Duration
    /// Signs the console's device cookies and the CSRF tokens it hands out at sign-in and sign-out.
    let siteKey: SiteKey
    /// Client addresses the operator named (`--admin-address`): their sign-ins are counted for each address alone.
    var operatorAddresses: Set<String> = []

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

    /// The guess is counted where it comes from: a known browser (its device cookie) or the operator's address
    /// alone, any other browser under the count they all share (see `AdminDevice`).
    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let a = context.visitor.language.adminStrings
        let hash = try await accounts.passwordHash()
        let device = AdminDevice(cookie: request.cookies[AdminDevice.cookieName]?.value, key: siteKey, passwordHash: hash)
        let (client, subject): (String, GuessThrottle.Subject) =
            if let device { ("device:" + device.id, .adminDevice(device.id)) }
            else if operatorAddresses.contains(context.clientKey) { (context.clientKey, .adminDevice("address:" + context.clientKey)) }
            else { (context.clientKey, .adminSignIn) }
        let guess: GuessThrottle.Guess
        switch await throttle.reserve(client: client, subject: subject) {
        case .refused(let seconds):
            context.logger.warning("Admin sign-in refused while throttled", metadata: ["client": "\(context.clientKey)", "device": "\(device != nil)"])
            var response = try page(request, context, next: form["next"], error: a.loginThrottled(seconds: seconds), status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .unavailable:
            throw OpenMarketError.unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds)
        case .guess(let reserved):
            guess = reserved
        }
        let right = await accounts.verify(form["password"] ?? "", against: hash)
        await guess.settle(right ? .right : .wrong)
        guard right, let hash else {
            context.logger.warning("Failed admin sign-in", metadata: ["client": "\(context.clientKey)", "device": "\(device != nil)"])
            // A miss that starts a wait says how long, so the next try is not spent on a refusal.
            guard let wait = await throttle.waitSeconds(client: client, subject: subject), wait > 0 else {
                return try page(request, context, next: form["next"], error: a[.loginWrong], status: .unauthorized)
            }
            var response = try page(request, context, next: form["next"], error: a.loginWrong(thenWait: wait), status: .unauthorized)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let token = try await accounts.startSession()
        context.logger.notice("Admin signed in", metadata: ["client": "\(context.clientKey)", "device": "\(device != nil)"])
        var response = Redirect.to(Self.adminPath(form["next"]))
        response.setCookie(AdminSessionMiddleware.cookie(token, maxAge: Int(AdminAccounts.sessionLifetime)))
        // The visitor's CSRF token is replaced: one planted before the sign-in is worth nothing after it.
        response.setCookie(VisitorMiddleware.cookie(VisitorMiddleware.csrfCookieName, CSRFToken.make(siteKey), maxAge: nil))
        if device == nil { response.setCookie(AdminDevice.issue(key: siteKey, passwordHash: hash).cookie) }
        return response
    }

    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        _ = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        if let token = request.cookies[AdminSessionMiddleware.cookieName]?.value {
            try await accounts.endSession(token)
        }
        var response = Redirect.to(SiteURL.admin(.login()).link)
        response.setCookie(AdminSessionMiddleware.cookie("", maxAge: 0))
        response.setCookie(VisitorMiddleware.cookie(VisitorMiddleware.csrfCookieName, CSRFToken.make(siteKey), maxAge: nil))
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
        let pageContext = PageContext(title: a[.loginTitle], request: request, visitor: context.visitor)
        let page = AdminLoginPage(context: pageContext, next: Self.adminPath(next), error: error)
        return try renderer.response(page, status: status)
    }
}
