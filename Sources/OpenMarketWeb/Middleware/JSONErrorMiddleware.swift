import Hummingbird

/// The market API's routes answer failures in the API's JSON error shape; attached to the API's route group.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            ErrorPages.log(presentation, error: error, request: request, logger: context.logger)
            return ErrorPages.json(presentation, path: request.uri.path)
        }
    }
}
