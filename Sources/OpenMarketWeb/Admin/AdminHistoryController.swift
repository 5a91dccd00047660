import Hummingbird
import OpenMarketCore

/// `/admin/history`: everything done through this front end, newest first, optionally for one product.
struct AdminHistoryController: Sendable {
    typealias Context = AppRequestContext

    let audit: AuditLog
    let renderer: PageRenderer

    func addRoutes(to console: RouterGroup<Context>) {
        console.get(.admin(.history()), use: index)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let parameters = FormQuery(request)
        let productID = parameters.get("product").flatMap(Int.init)
        let page = min(max(1, parameters.get("page").flatMap(Int.init) ?? 1), WebLimits.maxPage)
        let result = try await audit.events(productID: productID, limit: AdminHistoryPage.perPage, offset: (page - 1) * AdminHistoryPage.perPage)
        let pageContext = PageContext(title: context.visitor.language.adminStrings.historyTitle, request: request, visitor: context.visitor)
        return try renderer.response(AdminHistoryPage(
            context: pageContext, productID: productID, page: page, total: result.total, events: result.events))
    }
}
