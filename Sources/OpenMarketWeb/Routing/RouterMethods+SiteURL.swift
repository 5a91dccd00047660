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
        for method in Self.originMethods where !taken.contains(method) {
            on(RouterPath(url.pattern), method: method) { _, _ -> Response in throw WebError.methodNotAllowed(allowed: taken) }
        }
    }

    /// The methods of RFC 9110 a client sends to an origin server (CONNECT is for proxies), and QUERY, a safe GET
    /// with a body (draft-ietf-httpbis-safe-method-w-body), which API tools already send.
    private static var originMethods: [HTTPRequest.Method] {
        [.get, .head, .post, .put, .patch, .delete, .options, .trace] + (HTTPRequest.Method("QUERY").map { [$0] } ?? [])
    }
}
