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

    /// Only canonical paths on this site, with an optional query: `//evil.example`, `/\\evil.example` or
    /// `https://…` would make us an open redirect, and browsers drop tabs and line breaks from URLs, so
    /// `/\t/evil.example` is refused too.
    static func localPath(_ candidate: String?) -> String {
        guard let candidate else { return SiteURL.home.link }
        let path = String(candidate.prefix { $0 != "?" })
        let query = candidate.dropFirst(path.count)
        guard CanonicalPath.isCanonical(path),
            query.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" && !$0.properties.isWhitespace })
        else { return SiteURL.home.link }
        return candidate
    }
}
