import Hummingbird
import OpenMarketTexts

extension Language {
    static let cookieName = "lang"

    /// The visitor's choice (the `lang` cookie) wins, then the browser's `Accept-Language`, then Korean.
    static func preferred(for request: Request) -> Language {
        preferred(chosen: request.cookies[cookieName]?.value, acceptLanguage: request.headers[.acceptLanguage] ?? "")
    }
}
