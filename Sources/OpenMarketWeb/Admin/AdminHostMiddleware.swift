import Hummingbird

/// Attached to every admin route group: the console answers only to the configured host names, so a page on
/// another site cannot reach it through DNS rebinding.
struct AdminHostMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let allowedHosts: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = HostHeader(request.head.authority), allowedHosts.contains(host.name) else { throw WebError.hostNotAllowed }
        return try await next(request, context)
    }
}
