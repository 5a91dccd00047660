import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenMarketCore

/// Turns every error into a response in one place: the API's JSON error under `/api` and `/healthChecker`,
/// an HTML page for people elsewhere. Adds the request id to every response and logs our own failures.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let presentation = ErrorPresentation(error)
            if presentation.isOurFault {
                context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            } else {
                context.logger.debug("Request refused", metadata: ["status": "\(presentation.status.code)", "reason": "\(presentation.message)"])
            }
            response = SiteURL.isAPI(request.uri.path)
                ? Self.jsonError(presentation, path: request.uri.path)
                : htmlError(presentation, request: request, requestID: context.id)
        }
        response.headers[.requestID] = context.id
        return response
    }

    static func jsonError(_ presentation: ErrorPresentation, path: String) -> Response {
        let body = MarketErrorBody(
            status: Int(presentation.status.code), error: presentation.status.reasonPhrase, message: presentation.message, path: path,
            errors: presentation.violations.isEmpty ? nil : presentation.violations.map { .init(field: $0.field?.rawValue, message: $0.message) })
        return Response(
            status: presentation.status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body.wireJSON.serialized()))
        )
    }

    private func htmlError(_ presentation: ErrorPresentation, request: Request, requestID: String) -> Response {
        // Errors can happen before the visitor middleware ran, so the language is worked out here again.
        var visitor = Visitor()
        visitor.language = Language.preferred(for: request)
        let here = request.method == .get ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : SiteURL.home.path
        let page = ErrorPage(
            presentation: presentation, layout: PageLayout(title: "", request: request, visitor: visitor), requestID: requestID, retryURL: here)
        do {
            return try renderer.response(page, status: presentation.status)
        } catch {
            // The error template is checked at start-up, so this is a last resort that still says something useful.
            return Response(
                status: presentation.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "\(presentation.status.code) \(presentation.message) (request \(requestID))")))
        }
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-Id")!
}
