import Hummingbird
import OpenMarketCore

/// An API's routes answer failures as JSON; attached to the API's route group. The shape is the generation's:
/// the v2 API's error document by default, `vapor` for the first generation's routes.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Writes the failure's answer.
    var shape: @Sendable (ErrorPresentation, Request) -> Response = { presentation, request in
        ErrorPages.json(presentation, path: request.uri.path)
    }

    /// The first generation's Vapor server: `{"error": true, "reason": "…"}` with the status.
    static var vapor: JSONErrorMiddleware {
        JSONErrorMiddleware { presentation, _ in
            var response = WireResponse.json(
                .object([("error", .bool(true)), ("reason", .string(presentation.message))]), status: presentation.status)
            presentation.addHeaders(to: &response)
            return response
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            ErrorPages.log(presentation, error: error, request: request, logger: context.logger)
            return shape(presentation, request)
        }
    }
}
