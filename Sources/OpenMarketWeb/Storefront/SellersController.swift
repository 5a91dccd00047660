import Hummingbird
import OpenMarketCore
import OpenMarketWebState

/// `/sellers/{id}`: a vendor's products. Only a market that lists by vendor has these pages (the embedded one);
/// on a remote market the route answers 404, as no page links to it. `/sellers?name=…`: the products listed here
/// under a nickname, on any market.
struct SellersController: Sendable {
    typealias Context = AppRequestContext

    let sellers: (any VendorListing)?
    let nicknames: SellerNames
    let shelf: ProductShelf
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.seller(.key), use: show)
        pages.get(.sellerNamed(), use: named)
    }

    @Sendable func named(_ request: Request, context: Context) async throws -> Response {
        let query = FormQuery(request)
        guard case .success(let nickname) = SellerNames.normalized(query.get("name") ?? "") else { throw HTTPError(.notFound) }
        let before = query.get("before").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        let (ids, next) = try await nicknames.productIDs(listedAs: nickname, before: before)
        // Products deleted since are left out; their names stay for a restore.
        let products = try await shelf.products(ids: ids).products
        let page = SellerPage(
            context: PageContext(title: nickname, request: request, visitor: context.visitor), nickname: nickname, products: products,
            before: before, next: next)
        return try renderer.response(page)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        guard let sellers else { throw HTTPError(.notFound) }
        let id = try context.productID()
        let start = Self.start(FormQuery(request))
        guard let page = try await sellers.vendorProducts(vendorID: id, from: start, limit: WebLimits.visitorListPageSize) else {
            throw HTTPError(.notFound)
        }
        return try renderer.response(SellerPage(context: PageContext(title: SellerDisplay.name(ofVendor: page.vendor.name), request: request, visitor: context.visitor), page: page))
    }

    /// `?before=ID` (older) or `?after=ID` (newer); anything else is the newest page.
    static func start(_ query: FormQuery) -> VendorPageStart {
        if let id = query.get("before").flatMap(Int.init), id > 0 { return .olderThan(id) }
        if let id = query.get("after").flatMap(Int.init), id > 0 { return .newerThan(id) }
        return .newest
    }
}
