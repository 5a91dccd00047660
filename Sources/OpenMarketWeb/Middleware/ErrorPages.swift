import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketTexts

/// Turns a failure into what the client reads: an HTML page for people, the API's JSON error for apps.
/// Which of the two is decided by the route group a request was routed to, never by its path.
struct ErrorPages: Sendable {
    let renderer: PageRenderer

    /// Logs our own failures with the request id; refusals of bad requests only at debug level.
    static func log(_ presentation: ErrorPresentation, error: any Error, request: Request, logger: Logger) {
        if presentation.isOurFault {
            logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
        } else {
            logger.debug("Request refused", metadata: ["status": "\(presentation.status.code)", "reason": "\(presentation.message)"])
        }
    }

    static func json(_ presentation: ErrorPresentation, path: String) -> Response {
        let body = MarketErrorBody(
            status: Int(presentation.status.code), error: presentation.status.reasonPhrase, message: presentation.message, path: path,
            errors: presentation.violations.isEmpty ? nil : presentation.violations.map { .init(field: $0.field?.rawValue, message: $0.message) })
        var response = Response(
            status: presentation.status,
            headers: [.contentType: WireResponse.jsonType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body.wireJSON.serialized()))
        )
        presentation.addHeaders(to: &response)
        return response
    }

    func html(_ presentation: ErrorPresentation, request: Request, requestID: String) -> Response {
        // Errors can happen before the visitor middleware ran, so the language is worked out here again.
        var visitor = Visitor()
        visitor.language = Language.preferred(for: request)
        let here = request.method == .get && CanonicalPath.isCanonical(request.uri.path)
            ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : SiteURL.home.link
        let page = ErrorPage(
            presentation: presentation, context: PageContext(title: "", request: request, visitor: visitor), requestID: requestID, retryURL: here)
        var response: Response
        do {
            response = try renderer.response(page, status: presentation.status)
        } catch {
            // The error template is checked at start-up, so this is a last resort that still says something useful.
            response = Response(
                status: presentation.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "\(presentation.status.code) \(presentation.message) (request \(requestID))")))
        }
        presentation.addHeaders(to: &response)
        return response
    }
}
