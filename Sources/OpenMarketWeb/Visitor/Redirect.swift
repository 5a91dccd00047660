import Hummingbird

/// POST → redirect → GET, optionally with a one-time message for the next page.
enum Redirect {
    static func to(_ path: String, flash: Flash? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: path])
        if let flash {
            response.setCookie(VisitorMiddleware.cookie(Flash.cookieName, flash.rawValue, maxAge: 300))
        }
        return response
    }

    /// Only paths on this site: `//evil.example` or `https://…` would make us an open redirect, and browsers
    /// drop tabs and line breaks from URLs, so `/\t/evil.example` is refused too.
    static func localPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\"),
            candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace })
        else { return SiteURL.home.link }
        return candidate
    }
}
