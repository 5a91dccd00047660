import Foundation
import Hummingbird
import OpenMarketCore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// One product in the console: its page with history, and the edit form without a password.
struct AdminProductController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let editing: ProductEditing
    let renderer: PageRenderer
    let audit: AuditLog
    let deleted: DeletedProducts
    let bodyDeadline: Duration
    /// The market's, which the history's times are written in.
    let timeZone: TimeZone
    let photos: PhotoPresence
    /// The market gives a restored product a new id (remote mode): the banner says so.
    let restoreGivesNewID: Bool

    func addRoutes(to console: RouterGroup<Context>) {
        console.get(.admin(.product(.key)), use: show)
        console.get(.admin(.editProduct(.key)), use: edit)
        console.post(.admin(.editProduct(.key)), use: update)
    }

    /// Works for deleted products too: their history and last state stay.
    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let lookup: Result<ProductDetail, OpenMarketError>
        do {
            lookup = .success(try await market.product(id: id))
        } catch {
            lookup = .failure(error)
        }
        // A deleted product still has a page here: its history and last state.
        var product: ProductDetail?
        switch lookup {
        case .success(let found): product = found
        case .failure(.notFound): product = nil
        case .failure(let error): throw error
        }
        let history = try await audit.events(productID: id, limit: 200, offset: 0)
        if product == nil && history.events.isEmpty { throw HTTPError(.notFound) }
        let kept = try await deleted.states(eventIDs: history.events.filter { $0.action == .delete }.map(\.id))
        let pageContext = PageContext(title: product?.name ?? "#\(id)", request: request, visitor: context.visitor)
        return try renderer.response(AdminProductPage(
            context: pageContext, id: id, product: product, events: history.events, kept: kept,
            gone: await photos.gone(among: PhotoPresence.urls(of: history.events)), timeZone: timeZone,
            restoreGivesNewID: restoreGivesNewID))
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        return try form(request, context, values: ProductFormInput(product: product), product: product)
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let submitted = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let product = try await market.product(id: id)
        let strings = context.visitor.strings
        let input = ProductFormInput(form: submitted)
        // As on the storefront: the market decides again, in the change's own transaction.
        let basis = input.shown ?? ShownProduct(product)
        if let conflict = EditConflict(submitted: input, shown: basis, current: product) {
            return try form(request, context, values: conflict.merged, product: product, status: .conflict, conflict: conflict)
        }
        switch input.editRequest(for: product, strings) {
        case .invalid(let errors):
            return try form(request, context, values: input, product: product, errors: errors, status: .unprocessableContent)
        case .unchanged:
            return try form(request, context, values: input, product: product, notice: strings[.noChanges])
        case .changes(let requested):
            switch await editing.update(product, changes: requested, unlessChanged: basis.isStill, by: .admin) {
            case .success:
                return Redirect.to(SiteURL.admin(.product(.value(id))).link)
            case .failure(.changedMeanwhile(let current)):
                let conflict = EditConflict(submitted: input, shown: basis, current: current)
                return try form(
                    request, context, values: conflict?.merged ?? ProductFormInput(product: current), product: current, status: .conflict,
                    conflict: conflict)
            case .failure(let refusal):
                guard var shown = refusal.formErrors(strings) else { throw refusal.pageError }
                // The console's form has no password field: such a refusal is about the product as a whole.
                if let message = shown.errors[.password] {
                    shown.errors[.password] = nil
                    shown.errors[.form] = message
                }
                return try form(request, context, values: input, product: product, errors: shown.errors, status: shown.status)
            }
        }
    }

    private func form(
        _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, status: HTTPResponse.Status = .ok, conflict: EditConflict? = nil
    ) throws -> Response {
        let pageContext = PageContext(title: context.visitor.strings[.editTitle], request: request, visitor: context.visitor)
        let page = ProductFormPage(
            context: pageContext, values: values, product: product, errors: errors, notice: notice, writesDisabled: false, isAdmin: true,
            canChooseMainPhoto: editing.canChooseMainPhoto, conflict: conflict)
        return try renderer.response(page, status: status)
    }
}
