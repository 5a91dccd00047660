import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

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
    /// The visitor's recently viewed products, for the home page's strip.
    let shelf: ProductShelf
    /// Whether the market lists a seller's products (`/sellers/{id}`), so product pages link there.
    let hasSellerPages: Bool
    /// The nicknames products were listed under here, and how many like each.
    let sellers: SellerNames
    /// A product page's seller name, like count and questions, read together.
    let tallies: ProductPageTallyCache
    let searches: PopularSearches
    /// Questions to the seller, shown under the product.
    let questions: ProductQuestions

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.home, use: home)
        pages.get(.products(), use: index)
        pages.get(.product(.key), use: show)
        pages.get(.language(.key), use: switchLanguage)
    }

    /// The list, and under it the products the visitor viewed last: the one page that differs per visitor.
    @Sendable func home(_ request: Request, context: Context) async throws -> Response {
        var recent = context.visitor.recent
        let viewed = try await shelf.existing(in: &recent) { Array($0.ids.prefix(WebLimits.recentStripSize)) }
        let strip = ProductStrip(products: viewed, strings: context.visitor.strings, format: Formatting(language: context.visitor.language))
        var response = try await list(request, context: context, recentStrip: strip, isHome: true)
        if recent != context.visitor.recent { response.setCookie(recent.cookie) }
        response.keepPerVisitor()
        return response
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        try await list(request, context: context, recentStrip: nil)
    }

    private func list(_ request: Request, context: Context, recentStrip: ProductStrip?, isHome: Bool = false) async throws -> Response {
        let query = ListQuery(parameters: FormQuery(request))
        let view = query.view ?? context.visitor.listView ?? .grid
        let page = try await market.products(query.productQuery)
        let names = await sellerNames(of: page?.products.map(\.id) ?? [], context: context)
        let today = Formatting.dayNumber(Date())
        // A search is counted once, from its first page, and only when it found something.
        if let search = query.search, query.page == 1, page?.products.isEmpty == false {
            do {
                try await searches.count(search, day: today)
            } catch {
                context.logger.warning("Search not counted", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        var popular: [String] = []
        if isHome, query.search == nil {
            do {
                popular = try await searches.popular(today: today)
            } catch {
                context.logger.warning("Popular searches not read", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        let strings = context.visitor.strings
        let title = query.search.map { strings.searchHeading(query: $0) } ?? strings[.listTitle]
        let pageContext = PageContext(title: title, request: request, visitor: context.visitor)
        let listPage = ProductListPage(
            context: pageContext, query: query, view: view, page: page, offersSortingAndFilters: market.supportsSortingAndFilters, contents: lists,
            recentStrip: recentStrip, sellers: names, popularSearches: popular)
        var response = try renderer.response(consume listPage)
        if let chosen = query.view, chosen != context.visitor.listView {
            response.setCookie(VisitorMiddleware.cookie(ListView.cookieName, chosen.rawValue, maxAge: 365 * 86_400))
        }
        return response
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        let photo = FormQuery(request).get("photo").flatMap(Int.init)
        let pageContext = PageContext(title: product.name, request: request, visitor: context.visitor)
        // The seller's name, the like count and the questions: niceties, so without the web store the page shows the
        // product under its vendor's name, with no count and without questions, rather than fail.
        var sellerName: String?
        var productLikes = 0
        var shownQuestions: QuestionSection.Shown?
        do {
            let tallies = try await self.tallies.tallies(productID: product.id, questionLimit: ProductQuestions.pageSize)
            sellerName = tallies.sellerName
            productLikes = tallies.likes
            let (counts, newest) = try await questions.shown(productID: product.id, newest: tallies.questions)
            shownQuestions = QuestionSection.Shown(counts: counts, questions: newest)
        } catch {
            context.logger.warning("Product page tallies not read", metadata: ["error": "\(String(reflecting: error))"])
        }
        let page = ProductDetailPage(
            context: pageContext, product: product, photo: photo, origin: origins.origin(for: request, context: context),
            cameFrom: Self.listCameFrom(referer: request.headers[.referer]), likes: context.visitor.likes, productLikes: productLikes,
            hasSellerPages: hasSellerPages, sellerName: sellerName, questions: shownQuestions, contents: details)
        var response = try renderer.response(consume page)
        // The like button shows this visitor's likes, and the view goes into their history.
        var recent = context.visitor.recent
        if recent.putFirst(product.id) { response.setCookie(recent.cookie) }
        response.keepPerVisitor()
        return response
    }

    /// The nicknames kept for these products; a web store that cannot answer leaves the vendors named instead.
    private func sellerNames(of ids: [Int], context: Context) async -> [Int: String] {
        do {
            return try await sellers.names(of: ids)
        } catch {
            context.logger.warning("Seller nicknames not read", metadata: ["error": "\(String(reflecting: error))"])
            return [:]
        }
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
