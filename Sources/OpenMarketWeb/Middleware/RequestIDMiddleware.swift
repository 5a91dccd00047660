import HTTPTypes
import Hummingbird

/// Every response names its request, so a person can quote it and we can find it in the log.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.requestID] = context.id
        return response
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-Id")!
}
