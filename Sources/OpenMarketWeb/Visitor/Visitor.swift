/// What we know about the person behind a request, from their cookies and headers.
struct Visitor: Sendable {
    var language: Language = .korean
    /// The token every form of this visitor must send back (double-submit of an HttpOnly cookie).
    var csrfToken = ""
    /// Whether the visitor already had the CSRF cookie; a POST without it cannot be genuine.
    var hadCSRFCookie = false
    var flash: Flash?
    var listView: ListView?

    var strings: Strings { language.strings }
}

/// One-time messages shown after a redirect; only these fixed keys travel in the cookie, never text.
enum Flash: String, Sendable {
    case created, updated, deleted

    static let cookieName = "flash"

    func message(_ strings: Strings) -> String {
        switch self {
        case .created: strings.flashCreated
        case .updated: strings.flashUpdated
        case .deleted: strings.flashDeleted
        }
    }
}

/// How the product list is shown; remembered in a cookie.
public enum ListView: String, Sendable {
    case grid, list

    static let cookieName = "view"
}
