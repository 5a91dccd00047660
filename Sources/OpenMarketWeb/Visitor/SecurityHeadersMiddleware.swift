import HTTPTypes
import Hummingbird

/// Headers that make every response safer by default: no inline script, no sniffing, no framing.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where product photos may come from: this server, plus the upstream market in remote mode.
    let imageSources: String

    init(upstreamOrigin: String?) {
        imageSources = (["'self'", "blob:", "data:"] + (upstreamOrigin.map { [$0] } ?? [])).joined(separator: " ")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src \(imageSources); script-src 'self'; style-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}
