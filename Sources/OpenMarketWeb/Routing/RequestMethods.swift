import HTTPTypes

/// The request methods routes are registered for. A request with any other method (an extension such as
/// `PROPFIND`, or one made up) is routed as `other` (`UnknownMethodMiddleware`), so the group of the path it names
/// still answers it in its own shape — an API's JSON 405 or 404 — where the router alone would answer with its page.
enum RequestMethods {
    /// The methods of RFC 9110 a client sends to an origin server (CONNECT is for proxies), and QUERY, a safe GET
    /// with a body (draft-ietf-httpbis-safe-method-w-body), which API tools already send.
    static let named: [HTTPRequest.Method] =
        [.get, .head, .post, .put, .patch, .delete, .options, .trace] + (HTTPRequest.Method("QUERY").map { [$0] } ?? [])

    /// What every other method is routed as (a valid token, so the fallback is never taken).
    static let other = HTTPRequest.Method("EXTENSION") ?? .connect

    /// Every method a route can be asked with.
    static let routed = named + [other]
}
