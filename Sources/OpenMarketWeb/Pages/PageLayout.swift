import Hummingbird
import OpenMarketCore
import OpenMarketTemplating

/// What the shared layout shows around every page: language, navigation, flash message, CSRF token.
struct PageLayout: Sendable {
    var language: String
    var title: String
    var csrfToken: String
    var flashMessage: String?
    var otherLanguageURL: String
    var otherLanguageCode: String
    var productsPath: String
    var newProductPath: String
    var scriptPath: String
    var stylePath: String
    /// Set by pages worth sharing (a product).
    var openGraph: OpenGraph?

    init(title: String, request: Request, visitor: Visitor) {
        self.language = visitor.language.rawValue
        self.title = title
        self.csrfToken = visitor.csrfToken
        self.flashMessage = visitor.flash?.message(visitor.strings)
        let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        self.otherLanguageURL = SiteURL.language(.value(visitor.language.other), returnTo: here).link
        self.otherLanguageCode = visitor.language.other.rawValue
        self.productsPath = Self.links.products
        self.newProductPath = Self.links.newProduct
        self.scriptPath = Self.links.script
        self.stylePath = Self.links.style
    }

    /// The links every page has, built once.
    fileprivate static let links = (
        products: SiteURL.products().link, newProduct: SiteURL.newProduct.link,
        script: SiteURL.asset(.script).link, style: SiteURL.asset(.stylesheet).link)
}

extension PageLayout: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "language": .text(language)
        case "title": .text(title)
        case "csrfToken": .text(csrfToken)
        case "flashMessage": .text(flashMessage)
        case "otherLanguageURL": .text(otherLanguageURL)
        case "otherLanguageCode": .text(otherLanguageCode)
        case "productsPath": .text(productsPath)
        case "newProductPath": .text(newProductPath)
        case "scriptPath": .text(scriptPath)
        case "stylePath": .text(stylePath)
        case "openGraph": .object(openGraph)
        default: nil
        }
    }
}

extension PageLayout {
    /// The layout's links that are the same on every page, for content rendered apart from any visitor.
    struct FixedLinks: TemplateObject {
        func value(forKey key: String) -> TemplateValue? {
            switch key {
            case "productsPath": .text(PageLayout.links.products)
            case "newProductPath": .text(PageLayout.links.newProduct)
            case "scriptPath": .text(PageLayout.links.script)
            case "stylePath": .text(PageLayout.links.style)
            default: nil
            }
        }
    }
}
