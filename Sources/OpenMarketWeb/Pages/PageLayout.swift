import Hummingbird
import OpenMarketCore

/// What the shared layout shows around every page: language, navigation, flash message, CSRF token.
struct PageLayout: Sendable {
    var language: String
    var title: String
    var t: Strings
    var csrfToken: String
    var flashMessage: String?
    var otherLanguageURL: String
    var otherLanguageCode: String
    var productsPath: String
    var newProductPath: String
    var scriptPath: String
    var stylePath: String

    init(title: String, request: Request, visitor: Visitor) {
        let strings = visitor.strings
        self.language = visitor.language.rawValue
        self.title = title
        self.t = strings
        self.csrfToken = visitor.csrfToken
        self.flashMessage = visitor.flash?.message(strings)
        let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        self.otherLanguageURL = SiteURL.language(.value(visitor.language.other), returnTo: here).link
        self.otherLanguageCode = visitor.language.other.rawValue
        self.productsPath = SiteURL.products().link
        self.newProductPath = SiteURL.newProduct.link
        self.scriptPath = SiteURL.asset(.script).link
        self.stylePath = SiteURL.asset(.stylesheet).link
    }
}
