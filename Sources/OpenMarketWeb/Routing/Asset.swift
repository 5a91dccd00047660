import OpenMarketCore

/// The static files pages and apps refer to; only these are served, from `Public/`, loaded once at start-up.
enum Asset: String, Hashable, Sendable, CaseIterable {
    case stylesheet = "css/site.css"
    case script = "js/app.js"
    /// The brand's mark, the tab's icon (the header draws the same mark inline).
    case logo = "img/logo.svg"
    /// The OpenAPI 3.1 description of each API generation the embedded market serves.
    case apiDescriptionV1 = "openapi/v1.json"
    case apiDescriptionV2A = "openapi/v2a.json"
    case apiDescriptionV2B = "openapi/v2b.json"

    var segments: [PathSegment] {
        rawValue.split(separator: "/").map { .literal(String($0)) }
    }

    var contentType: String {
        switch self {
        case .stylesheet: "text/css; charset=utf-8"
        case .script: "text/javascript; charset=utf-8"
        case .logo: "image/svg+xml"
        case .apiDescriptionV1, .apiDescriptionV2A, .apiDescriptionV2B: "application/json"
        }
    }
}
