import Hummingbird
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// What the shared layout shows around every page: language, navigation, flash message, CSRF token.
struct PageLayout: Sendable, Hashable {
    var language: String
    var title: String
    var csrfToken: String
    var flashMessage: String?
    var otherLanguageURL: String
    var otherLanguageCode: String
    var productsPath: String
    var newProductPath: String
    var likesPath: String
    var recentPath: String
    var scriptPath: String
    var stylePath: String
    /// Set by pages worth sharing (a product).
    var openGraph: OpenGraph?
    /// The header's search box: the words searched for and what a new search keeps (set by the list page).
    var searchText = ""
    var searchKeeps: [HiddenField] = []
    var logoPath: String
    /// The `id`s of forms in the page's content that take the visitor's CSRF token from the layout (`form=`): the
    /// content then holds nothing of the visitor and can be kept for all (the product page's like and question forms).
    var tokenForForms: [String] = []

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
        self.likesPath = Self.links.likes
        self.recentPath = Self.links.recent
        self.scriptPath = Self.links.script
        self.stylePath = Self.links.style
        self.logoPath = Self.links.logo
    }

    /// The links every page has, built once.
    fileprivate static let links = (
        products: SiteURL.products().link, newProduct: SiteURL.newProduct.link, likes: SiteURL.likes().link, recent: SiteURL.recent.link,
        script: SiteURL.asset(.script).link, style: SiteURL.asset(.stylesheet).link, logo: SiteURL.asset(.logo).link)
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
        case "likesPath": .text(likesPath)
        case "recentPath": .text(recentPath)
        case "scriptPath": .text(scriptPath)
        case "stylePath": .text(stylePath)
        case "openGraph": .object(openGraph)
        case "searchText": .text(searchText)
        case "searchKeeps": .list(searchKeeps)
        case "logoPath": .text(logoPath)
        case "tokenForForms": .texts(tokenForForms)
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
            case "likesPath": .text(PageLayout.links.likes)
            case "logoPath": .text(PageLayout.links.logo)
            case "scriptPath": .text(PageLayout.links.script)
            case "stylePath": .text(PageLayout.links.style)
            default: nil
            }
        }
    }
}
