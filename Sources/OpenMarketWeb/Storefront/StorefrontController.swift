import Foundation
import Hummingbird
import Logging
import OpenMarketCore

/// The storefront's reading pages: the product list (also at `/`) and a product's detail page.
struct StorefrontController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let renderer: PageRenderer

    func addRoutes(to router: Router<Context>) {
        router.get(SiteURL.Route.home, use: index)
        router.get(SiteURL.Route.products, use: index)
        router.get(SiteURL.Route.product, use: show)
        router.get(SiteURL.Route.language, use: switchLanguage)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let query = ListQuery(parameters: FormQuery(request))
        let view = query.view ?? context.visitor.listView ?? .grid
        let page = try await market.products(query.productQuery)
        let layout = PageLayout(title: context.visitor.strings.listTitle, request: request, visitor: context.visitor)
        var response = try renderer.response(ProductListPage(layout: layout, query: query, view: view, page: page, language: context.visitor.language))
        if let chosen = query.view, chosen != context.visitor.listView {
            response.setCookie(VisitorMiddleware.cookie(ListView.cookieName, chosen.rawValue, maxAge: 365 * 86_400))
        }
        return response
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try Self.productID(context))
        let photo = FormQuery(request).get("photo").flatMap(Int.init)
        let layout = PageLayout(title: product.name, request: request, visitor: context.visitor)
        return try renderer.response(ProductDetailPage(layout: layout, product: product, photo: photo, language: context.visitor.language))
    }

    /// Remembers the language in a cookie and goes back where the visitor was.
    @Sendable func switchLanguage(_ request: Request, context: Context) async throws -> Response {
        guard let language = context.parameters.get("code").flatMap(Language.init(rawValue:)) else { throw HTTPError(.notFound) }
        var response = Self.redirect(to: Self.localPath(FormQuery(request).get("return")))
        response.setCookie(VisitorMiddleware.cookie(Language.cookieName, language.rawValue, maxAge: 365 * 86_400))
        return response
    }

    static func productID(_ context: Context) throws -> Int {
        guard let id = context.parameters.get("id").flatMap(Int.init), id > 0 else { throw HTTPError(.notFound) }
        return id
    }

    /// Only paths on this site: `//evil.example` or `https://…` would make us an open redirect, and browsers
    /// drop tabs and line breaks from URLs, so `/\t/evil.example` is refused too.
    static func localPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\"),
            candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace })
        else { return SiteURL.home.path }
        return candidate
    }

    static func redirect(to path: String, flash: Flash? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: path])
        if let flash {
            response.setCookie(VisitorMiddleware.cookie(Flash.cookieName, flash.rawValue, maxAge: 300))
        }
        return response
    }
}
