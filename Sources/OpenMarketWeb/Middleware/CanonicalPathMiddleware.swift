import Hummingbird
import Logging

/// Before routing: a path that is not spelled canonically gets the 404 page and reaches no route (see `CanonicalPath`).
struct CanonicalPathMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: ErrorPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard CanonicalPath.isCanonical(request.uri.path) else {
            context.logger.notice("Non-canonical path refused", metadata: ["path": "\(request.uri.path.prefix(200))"])
            return pages.html(ErrorPresentation(HTTPError(.notFound)), request: request, requestID: context.id)
        }
        return try await next(request, context)
    }
}
