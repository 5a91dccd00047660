import HTTPTypes
import Hummingbird

/// Attached to a route group: how browsers and shared caches may keep its answers, unless a route said otherwise.
/// Storefront pages are revalidated on each use (`no-cache`: a 304 when unchanged); the console's are never stored.
struct CacheControlMiddleware<Context: RequestContext>: RouterMiddleware {
    let value: String

    static var revalidate: Self { Self(value: "no-cache") }
    static var neverStore: Self { Self(value: "no-store") }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = value }
        return response
    }
}

extension Response {
    /// For a page that shows what the visitor's own cookies hold (likes, recently viewed, a form's token):
    /// browsers revalidate it on each use, and its entity tag comes from its bytes, so a changed cookie gives a
    /// new tag; shared caches never keep it, as it is one visitor's.
    mutating func keepPerVisitor() {
        headers[.cacheControl] = "private, no-cache"
    }
}
