import Hummingbird
import OpenMarketCore

/// The first generation's routes answer failures as its Vapor server did: `{"error": true, "reason": "…"}` with
/// the status; attached to the v1 route group.
struct V1ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            ErrorPages.log(presentation, error: error, request: request, logger: context.logger)
            var response = WireResponse.json(
                .object([("error", .bool(true)), ("reason", .string(presentation.message))]), status: presentation.status)
            if let seconds = presentation.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
            return response
        }
    }
}
