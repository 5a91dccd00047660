import Hummingbird
import Logging

/// Before routing: a path that is not spelled canonically gets the 404 page and reaches no route (see `CanonicalPath`).
/// A canonical path with one trailing slash is routed without it, and the context remembers the slash: the route's
/// group answers it as its own (the APIs) or sends it to the path without the slash (pages, `TrailingSlashRedirect`).
struct CanonicalPathMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let pages: ErrorPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch CanonicalPath.spelling(of: request.uri.path) {
        case .canonical:
            return try await next(request, context)
        case .trailingSlash:
            if let routed = Self.withoutTrailingSlash(request) {
                var context = context
                context.trailingSlash = true
                return try await next(routed, context)
            }
        case .other:
            break
        }
        context.logger.notice("Non-canonical path refused", metadata: ["path": "\(request.uri.path.prefix(200))"])
        return pages.html(ErrorPresentation(HTTPError(.notFound)), request: request, requestID: context.id)
    }

    /// The same request, its target's path one `/` shorter; the rest of the target (a query) and the body as they came.
    static func withoutTrailingSlash(_ request: Request) -> Request? {
        guard let target = request.head.path else { return nil }
        let pathEnd = target.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? target.utf8.endIndex
        guard pathEnd > target.utf8.startIndex else { return nil }
        let slash = target.utf8.index(before: pathEnd)
        guard target.utf8[slash] == UInt8(ascii: "/") else { return nil }
        var head = request.head
        head.path = String(decoding: target.utf8[..<slash], as: UTF8.self) + String(decoding: target.utf8[pathEnd...], as: UTF8.self)
        return Request(head: head, body: request.body)
    }
}
