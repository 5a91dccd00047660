import Hummingbird
import OpenMarketCore

/// `/`: the newest products, from the embedded market or the remote server alike.
struct HomeController<Context: RequestContext>: Sendable {
    let market: any OpenMarketAPI
    let renderer: PageRenderer
    static var pageSize: Int { 20 }

    func addRoutes(to router: Router<Context>) {
        router.get(SiteURL.Route.home, use: index)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let page = try await market.products(ProductQuery(page: 1, perPage: Self.pageSize))
        return try renderer.response(HomePage(page: page))
    }
}
