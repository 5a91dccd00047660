import Hummingbird

/// Renders every failure of a page route, and of any path no route matches, as an HTML page.
struct HTMLErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: ErrorPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            ErrorPages.log(presentation, error: error, request: request, logger: context.logger)
            return pages.html(presentation, request: request, requestID: context.id)
        }
    }
}
