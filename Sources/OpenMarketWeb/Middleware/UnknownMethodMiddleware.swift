import Hummingbird

/// Before routing: a method no route is registered for is routed as `RequestMethods.other`, so the route group of
/// its path answers it (the APIs: 405 with `Allow`, or 404, in their JSON) instead of the router's HTML 404.
struct UnknownMethodMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !RequestMethods.named.contains(request.method) else { return try await next(request, context) }
        var head = request.head
        head.method = RequestMethods.other
        return try await next(Request(head: head, body: request.body), context)
    }
}
