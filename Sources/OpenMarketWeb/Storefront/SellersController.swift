import Hummingbird
import OpenMarketCore

/// `/sellers/{id}`: a seller's products. Only a market that lists by vendor has these pages (the embedded one);
/// on a remote market the route answers 404, as no page links to it.
struct SellersController: Sendable {
    typealias Context = AppRequestContext

    let sellers: (any VendorListing)?
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.seller(.key), use: show)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        guard let sellers else { throw HTTPError(.notFound) }
        let id = try context.productID()
        let start = Self.start(FormQuery(request))
        guard let page = try await sellers.vendorProducts(vendorID: id, from: start, limit: WebLimits.visitorListPageSize) else {
            throw HTTPError(.notFound)
        }
        return try renderer.response(SellerPage(context: PageContext(title: page.vendor.name, request: request, visitor: context.visitor), page: page))
    }

    /// `?before=ID` (older) or `?after=ID` (newer); anything else is the newest page.
    static func start(_ query: FormQuery) -> VendorPageStart {
        if let id = query.get("before").flatMap(Int.init), id > 0 { return .olderThan(id) }
        if let id = query.get("after").flatMap(Int.init), id > 0 { return .newerThan(id) }
        return .newest
    }
}
