import Foundation
import Hummingbird
import Logging
import OpenMarketCore

/// Upload, edit and delete through HTML forms: read the form (its CSRF token checked by `SubmittedForm`), ask
/// `ProductEditing`, and answer POST → redirect → GET on success or the form with its messages.
struct ProductEditorController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let editing: ProductEditing
    let renderer: PageRenderer
    let uploads: FormUploads
    let bodyDeadline: Duration

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.newProduct, use: new)
        pages.post(.products(), use: create)
        pages.get(.editProduct(.key), use: edit)
        pages.post(.editProduct(.key), use: update)
        pages.get(.deleteProduct(.key), use: confirmDelete)
        pages.post(.deleteProduct(.key), use: delete)
    }

    var writesDisabled: Bool { editing.vendor == nil }

    @Sendable func new(_ request: Request, context: Context) async throws -> Response {
        try formResponse(request, context, values: ProductFormInput(), product: nil)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let upload = try await uploads.read(request, context: context, photoField: FormField.images.rawValue)
        let form = upload.form
        guard !writesDisabled else { throw WebError.writesDisabled }
        let strings = context.visitor.strings
        let input = ProductFormInput(form: form)
        var errors = FieldErrors()
        var status = HTTPResponse.Status.unprocessableContent
        var draft: ProductDraft?
        switch input.draft(strings) {
        case .success(let value): draft = value
        case .failure(let failure): errors = failure
        }
        let photos = form.files.filter { $0.fieldName == FormField.images.rawValue }
        if let refusal = upload.refusal {
            let refused = FieldErrors.photos(refusal, strings)
            errors[.images] = refused.errors[.images]
            status = refused.status
        } else if let refused = FieldErrors.photos(photos, strings) {
            errors[.images] = refused.errors[.images]
            status = refused.status
        }
        let password = form["password"] ?? ""
        if let problem = FieldErrors.password(password, strings) { errors[.password] = problem }
        guard errors.isEmpty, let draft else {
            return try formResponse(request, context, values: input, product: nil, errors: errors, status: status)
        }
        let images = photos.map { ImageUpload(filename: $0.filename, contentType: $0.contentType, data: $0.data) }
        switch await editing.create(draft, images: images, password: password, client: context.clientKey, strings: strings) {
        case .success(let created):
            context.logger.info("Product listed through the storefront", metadata: ["product": "\(created.id)"])
            return Redirect.to(SiteURL.product(.value(created.id)).link, flash: .created)
        case .failure(let refusal):
            return try refusedForm(refusal, request, context, values: input, product: nil)
        }
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        return try formResponse(request, context, values: ProductFormInput(product: product), product: product)
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let product = try await market.product(id: id)
        let strings = context.visitor.strings
        let input = ProductFormInput(form: form)
        if let conflict = EditConflict(submitted: input, shown: input.shown, current: product) {
            return try formResponse(request, context, values: conflict.merged, product: product, status: .conflict, conflict: conflict)
        }
        switch input.editRequest(for: product, strings) {
        case .invalid(let errors):
            return try formResponse(request, context, values: input, product: product, errors: errors, status: .unprocessableContent)
        case .unchanged:
            return try formResponse(request, context, values: input, product: product, notice: strings.noChanges)
        case .changes(let changes):
            let seller = ProductEditing.Requester.seller(password: form["password"] ?? "", client: context.clientKey)
            switch await editing.update(product, changes: changes, by: seller, strings: strings) {
            case .success:
                return Redirect.to(SiteURL.product(.value(id)).link, flash: .updated)
            case .failure(let refusal):
                return try refusedForm(refusal, request, context, values: input, product: product)
            }
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        return try deleteResponse(request, context, product: product)
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let product = try await market.product(id: id)
        let seller = ProductEditing.Requester.seller(password: form["password"] ?? "", client: context.clientKey)
        switch await editing.delete(product, by: seller, strings: context.visitor.strings) {
        case .success:
            context.logger.info("Product deleted through the storefront", metadata: ["product": "\(id)"])
            return Redirect.to(SiteURL.products().link, flash: .deleted)
        case .failure(let refusal):
            guard let shown = refusal.formErrors(context.visitor.strings) else { throw refusal.pageError }
            var response = try deleteResponse(request, context, product: product, error: shown.errors.ordered.first?.1, status: shown.status)
            if case .throttled(let seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
            return response
        }
    }

    private func refusedForm(
        _ refusal: ProductEditing.Refusal, _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?
    ) throws -> Response {
        guard let shown = refusal.formErrors(context.visitor.strings) else { throw refusal.pageError }
        var response = try formResponse(request, context, values: values, product: product, errors: shown.errors, status: shown.status)
        if case .throttled(let seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    private func formResponse(
        _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, status: HTTPResponse.Status = .ok, conflict: EditConflict? = nil
    ) throws -> Response {
        let strings = context.visitor.strings
        let pageContext = PageContext(title: product == nil ? strings.newTitle : strings.editTitle, request: request, visitor: context.visitor)
        let page = ProductFormPage(
            context: pageContext, values: values, product: product, errors: errors, notice: notice, writesDisabled: writesDisabled,
            canChooseMainPhoto: editing.canChooseMainPhoto, conflict: conflict)
        return try renderer.response(page, status: status)
    }

    private func deleteResponse(
        _ request: Request, _ context: Context, product: ProductDetail, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let pageContext = PageContext(title: context.visitor.strings.deleteTitle, request: request, visitor: context.visitor)
        let page = ProductDeletePage(context: pageContext, product: product, error: error, writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }
}
