import Hummingbird
import OpenMarketWebState

/// The router and its groups: every route is added to a group, and each group carries the middleware that
/// guards and shapes its routes. A policy is therefore attached to routes, never decided from a path.
///
/// - `api`: the market API; errors in its JSON shape; no cookies, no CSRF.
/// - `v1`: the first generation's API (`/items/…`, `/item/…`); errors in Vapor's JSON shape; no cookies, no CSRF.
/// - `files`: photos and assets; no visitor state, so no cookie keeps shared caches from storing them.
/// - `group(...)`: pages, with the middleware given (visitor state for all; host and session checks for the console).
///
/// A path with one trailing slash reaches the route of the path without it (`CanonicalPathMiddleware`): the two
/// APIs answer it as their own, as the real servers did; every other group sends it there first (308).
///
/// The router's own middleware renders errors as HTML; Hummingbird builds it into each route as the route is
/// added, so it is installed here, before any route can be.
struct SiteRoutes {
    let router: Router<AppRequestContext>
    let api: RouterGroup<AppRequestContext>
    let v1: RouterGroup<AppRequestContext>
    let files: RouterGroup<AppRequestContext>

    init(errorPages: ErrorPages) {
        router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Outermost, so each request is counted with the status it was finally answered with, per route pattern
        // (never per raw path, which a client could vary without end).
        Telemetry.start()
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: HTMLErrorMiddleware(pages: errorPages))
        api = router.group().add(middleware: JSONErrorMiddleware()).add(middleware: CacheControlMiddleware.revalidate)
        v1 = router.group().add(middleware: JSONErrorMiddleware.vapor).add(middleware: CacheControlMiddleware.revalidate)
        files = router.group().add(middleware: TrailingSlashRedirect())
    }

    func group(_ middlewares: any MiddlewareProtocol<Request, Response, AppRequestContext>...) -> RouterGroup<AppRequestContext> {
        let group = router.group().add(middleware: TrailingSlashRedirect())
        for middleware in middlewares { group.add(middleware: middleware) }
        return group
    }

    /// The router's responder behind middleware that must see every request before routing.
    func responder(before middlewares: [any MiddlewareProtocol<Request, Response, AppRequestContext>]) -> ResponderChain<AppRequestContext> {
        ResponderChain(middlewares: middlewares, responder: router.buildResponder())
    }
}
