import OpenMarketTexts

/// What we know about the person behind a request, from their cookies and headers.
struct Visitor: Sendable {
    var language: Language = .korean
    /// The token every form of this visitor must send back (double-submit of an HttpOnly cookie).
    var csrfToken = ""
    /// Whether the visitor already had the CSRF cookie; a POST without it cannot be genuine.
    var hadCSRFCookie = false
    var flash: Flash?
    var listView: ListView?
    /// Products the visitor liked (찜), the latest first.
    var likes = ProductTrail(ProductTrail.likes)
    /// Products the visitor looked at, the most recent first.
    var recent = ProductTrail(ProductTrail.recent)

    var strings: Strings { language.strings }
}
