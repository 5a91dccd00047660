import Foundation
import Hummingbird
import Logging
import OpenMarketCore

/// The storefront's reading pages: the product list (also at `/`) and a product's detail page.
struct StorefrontController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let renderer: PageRenderer
    /// List pages' and product pages' content, kept with its HTML between requests.
    let lists: ListContents
    let details: DetailContents
    /// The origin absolute links are built on (Open Graph).
    let origins: ImageURLResolver

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.home, use: index)
        pages.get(.products(), use: index)
        pages.get(.product(.key), use: show)
        pages.get(.language(.key), use: switchLanguage)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let query = ListQuery(parameters: FormQuery(request))
        let view = query.view ?? context.visitor.listView ?? .grid
        let page = try await market.products(query.productQuery)
        let pageContext = PageContext(title: context.visitor.strings.listTitle, request: request, visitor: context.visitor)
        var response = try renderer.response(ProductListPage(context: pageContext, query: query, view: view, page: page, contents: lists))
        if let chosen = query.view, chosen != context.visitor.listView {
            response.setCookie(VisitorMiddleware.cookie(ListView.cookieName, chosen.rawValue, maxAge: 365 * 86_400))
        }
        return response
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        let photo = FormQuery(request).get("photo").flatMap(Int.init)
        let pageContext = PageContext(title: product.name, request: request, visitor: context.visitor)
        let page = ProductDetailPage(
            context: pageContext, product: product, photo: photo, origin: origins.origin(for: request, context: context),
            cameFrom: Self.listCameFrom(referer: request.headers[.referer]), contents: details)
        return try renderer.response(page)
    }

    /// Remembers the language in a cookie and goes back where the visitor was.
    @Sendable func switchLanguage(_ request: Request, context: Context) async throws -> Response {
        guard let language = context.parameters.get("code").flatMap(Language.init(rawValue:)) else { throw HTTPError(.notFound) }
        var response = Redirect.to(Redirect.localPath(FormQuery(request).get("return")))
        response.setCookie(VisitorMiddleware.cookie(Language.cookieName, language.rawValue, maxAge: 365 * 86_400))
        return response
    }


    /// The list a visitor came from, when the page that linked here was one of ours: its search, page, order and
    /// view, read and written again through `ListQuery`, so nothing the header says is echoed as it came.
    static func listCameFrom(referer: String?) -> ListQuery? {
        guard let referer, let url = URLComponents(string: referer),
            url.path == SiteURL.products().path || url.path == SiteURL.home.path
        else { return nil }
        return ListQuery(parameters: FormQuery(query: url.percentEncodedQuery ?? ""))
    }
}
