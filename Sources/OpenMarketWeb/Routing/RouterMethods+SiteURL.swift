import Hummingbird
import OpenMarketCore

/// Routes are registered by `SiteURL` case, never by a path written a second time.
extension RouterMethods {
    @discardableResult
    func get(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .get, use: handler)
    }

    @discardableResult
    func post(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .post, use: handler)
    }

    @discardableResult
    func patch(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .patch, use: handler)
    }

    @discardableResult
    func delete(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .delete, use: handler)
    }
}

extension RouterMethods {
    /// Answers every other method at an API address with 405 and the `Allow` header, so a client learns which
    /// methods the address takes instead of being told that nothing is there. `HEAD` comes with `GET`.
    func refuseOtherMethods(at url: SiteURL, allowing allowed: [HTTPRequest.Method]) {
        let taken = allowed.contains(.get) ? allowed + [.head] : allowed
        for method in RequestMethods.routed where !taken.contains(method) {
            on(RouterPath(url.pattern), method: method) { _, _ -> Response in throw WebError.methodNotAllowed(allowed: taken) }
        }
    }

    /// Answers every method at these addresses with 404 in the group's error shape: a path the API does not have,
    /// below its root, still gets the API's error rather than the storefront's page. `HEAD` comes with `GET`.
    func answerNotFound(at patterns: [RoutePattern]) {
        for pattern in patterns {
            for method in RequestMethods.routed where method != .head {
                on(RouterPath(pattern.pattern), method: method) { _, _ -> Response in throw HTTPError(.notFound) }
            }
        }
    }
}
