import Hummingbird

/// Middleware that runs before routing, in front of the router's responder.
///
/// Hummingbird builds a router's own middleware into each route and its not-found responder, so it runs after
/// the path has been matched; what must hold for every request whatever its path (a canonical path, security
/// headers, the request id) is applied here instead.
struct ResponderChain<Context: RequestContext>: HTTPResponder {
    let middlewares: [any MiddlewareProtocol<Request, Response, Context>]
    let responder: any HTTPResponder<Context>

    func respond(to request: Request, context: Context) async throws -> Response {
        try await run(from: 0, request, context)
    }

    private func run(from index: Int, _ request: Request, _ context: Context) async throws -> Response {
        guard index < middlewares.count else { return try await responder.respond(to: request, context: context) }
        return try await middlewares[index].handle(request, context: context) { request, context in
            try await run(from: index + 1, request, context)
        }
    }
}
