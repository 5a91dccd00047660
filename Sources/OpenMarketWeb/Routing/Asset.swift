import OpenMarketCore

/// The static files pages refer to; only these are served, from `Public/`, loaded once at start-up.
enum Asset: String, Hashable, Sendable, CaseIterable {
    case stylesheet = "css/site.css"
    case script = "js/app.js"

    var segments: [PathSegment] {
        rawValue.split(separator: "/").map { .literal(String($0)) }
    }

    var contentType: String {
        switch self {
        case .stylesheet: "text/css; charset=utf-8"
        case .script: "text/javascript; charset=utf-8"
        }
    }
}
