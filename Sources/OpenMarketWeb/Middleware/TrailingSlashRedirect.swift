import Hummingbird

/// A page asked for with a trailing slash (`/products/?page=2`) is sent to its one spelling, query kept, with 308
/// (method and body kept too). Attached to the groups of pages and files, ahead of their guards: the target is
/// the same route, so it is guarded as ever. The API groups have none of it and answer such a request as their own.
struct TrailingSlashRedirect: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.trailingSlash else { return try await next(request, context) }
        // The path was routed without its slash, so it is canonical: it starts with one `/` and a segment, never `//`.
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        guard Redirect.localPath(target) == target else { throw HTTPError(.notFound) }
        return Response(status: .permanentRedirect, headers: [.location: target])
    }
}
