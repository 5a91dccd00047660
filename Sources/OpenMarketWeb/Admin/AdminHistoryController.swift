import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
import OpenMarketStore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// `/admin/history`: everything done through this front end, newest first, optionally for one product; and the
/// restore of a deleted product from its delete's entry.
struct AdminHistoryController: Sendable {
    typealias Context = AppRequestContext

    let audit: AuditLog
    let deleted: DeletedProducts
    let restoring: ProductRestoring
    let renderer: PageRenderer
    let bodyDeadline: Duration
    /// The market's, which the history's times are written in.
    let timeZone: TimeZone
    let photos: PhotoPresence

    func addRoutes(to console: RouterGroup<Context>) {
        console.get(.admin(.history()), use: index)
        console.post(.admin(.restore(.key)), use: restore)
        console.get(.admin(.keptPhoto(.key, number: .key)), use: keptPhoto)
    }

    /// A deleted product's photo while it is kept, so its history shows what it looked like. Sent as the type its
    /// bytes are (never the type recorded with them), for staff only and not kept by shared caches.
    @Sendable func keptPhoto(_ request: Request, context: Context) async throws -> Response {
        let eventID = Int64(try context.productID())
        guard let number = PathNumber.positive(context.parameters.get("number")),
            let photo = try await deleted.photo(eventID: eventID, number: number),
            let kind = ImageHeader.read([UInt8](photo.data))?.kind
        else { throw HTTPError(.notFound) }
        let headers: HTTPFields = [
            .contentType: kind.mediaType, .contentLength: String(photo.data.count), .cacheControl: "private, max-age=3600",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        try await history(request, context, query: AdminHistoryQuery(parameters: FormQuery(request)))
    }

    /// Lists the deleted product again; a refusal shows its history with the reason.
    @Sendable func restore(_ request: Request, context: Context) async throws -> Response {
        let eventID = Int64(try context.productID())
        _ = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let a = context.visitor.language.adminStrings
        let strings = context.visitor.strings
        let message: String
        let status: HTTPResponse.Status
        switch await restoring.restore(eventID: eventID) {
        case .success(let product):
            context.logger.info("Product restored from its history", metadata: ["product": "\(product.id)", "event": "\(eventID)"])
            return Redirect.to(SiteURL.admin(.product(.value(product.id))).link, flash: .restored)
        case .failure(.notFound):
            throw HTTPError(.notFound)
        case .failure(.alreadyRestored(let id)):
            (message, status) = (a.alreadyRestored(id), .conflict)
        case .failure(.restoring):
            (message, status) = (a[.restoring], .conflict)
        case .failure(.photosNotKept(let expired)):
            (message, status) = (expired ? a.restoreExpired(days: DeletedProducts.retentionDays) : a[.restoreNoPhotos], .gone)
        case .failure(.snapshotUnreadable):
            (message, status) = (a[.restoreSnapshotUnreadable], .unprocessableContent)
        case .failure(.market(let refusal)):
            guard let shown = refusal.formErrors(strings) else { throw refusal.pageError }
            (message, status) = (AuditReason(refusal).words(context.visitor.language), shown.status)
        }
        let productID = try await audit.event(id: eventID)?.productID
        return try await history(request, context, query: AdminHistoryQuery(productID: productID), notice: message, status: status)
    }

    private func history(
        _ request: Request, _ context: Context, query: AdminHistoryQuery, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = try await audit.events(query.filter(timeZone: timeZone), limit: AdminHistoryPage.perPage)
        let kept = try await deleted.states(eventIDs: page.events.filter { $0.action == .delete }.map(\.id))
        let pageContext = PageContext(title: context.visitor.language.adminStrings[.historyTitle], request: request, visitor: context.visitor)
        let model = AdminHistoryPage(
            context: pageContext, query: query, page: page, kept: kept, gone: await photos.gone(among: PhotoPresence.urls(of: page.events)),
            notice: notice, timeZone: timeZone, restoreGivesNewID: !restoring.keeping.keepsFormerID)
        return try renderer.response(model, status: status)
    }
}
