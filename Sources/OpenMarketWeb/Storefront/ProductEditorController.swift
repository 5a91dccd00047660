import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// Upload, edit and delete through HTML forms: read the form (its CSRF token checked by `SubmittedForm`), ask
/// `ProductEditing`, and answer POST → redirect → GET on success or the form with its messages.
struct ProductEditorController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let editing: ProductEditing
    let renderer: PageRenderer
    let uploads: FormUploads
    let drafts: PhotoDrafts
    /// The nickname each listing made here is shown under.
    let sellers: SellerNames
    let bodyDeadline: Duration

    /// The upload form's hidden field naming its kept photos, and its "remove" checkboxes.
    static let draftField = "photo_draft"
    static let removePhotoField = "remove_photo"

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.newProduct, use: new)
        pages.post(.products(), use: create)
        pages.get(.draftPhoto(.key), use: draftPhoto)
        pages.get(.editProduct(.key), use: edit)
        pages.post(.editProduct(.key), use: update)
        pages.get(.deleteProduct(.key), use: confirmDelete)
        pages.post(.deleteProduct(.key), use: delete)
    }

    var writesDisabled: Bool { editing.vendor == nil }

    @Sendable func new(_ request: Request, context: Context) async throws -> Response {
        try formResponse(request, context, values: ProductFormInput(), product: nil)
    }

    /// Lists a product. A form that comes back with an error keeps its accepted photos as a draft (`PhotoDrafts`),
    /// shown as previews with a "remove" checkbox; the next submit uses them with any newly chosen photos after
    /// them, five at most.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let upload = try await uploads.read(request, context: context, photoField: FormField.images.rawValue, repeatable: [Self.removePhotoField])
        let form = upload.form
        guard !writesDisabled else { throw WebError.writesDisabled }
        let strings = context.visitor.strings
        let owner = context.visitor.csrfToken
        let input = ProductFormInput(form: form)
        var errors = FieldErrors()
        var status = HTTPResponse.Status.unprocessableContent
        var draft: ProductDraft?
        switch input.draft(strings) {
        case .success(let value): draft = value
        case .failure(let failure): errors = failure
        }
        let draftKey = form.trimmed(Self.draftField)
        let (photos, leftOut, draftGone) = try await photos(of: upload, draftKey: draftKey, owner: owner)
        let files = photos.map { SubmittedForm.File(fieldName: FormField.images.rawValue, filename: $0.filename, contentType: $0.mediaType, data: $0.data) }
        if let refusal = upload.refusal {
            let refused = FieldErrors.photos(refusal, strings)
            errors[.images] = refused.errors[.images]
            status = refused.status
        } else if leftOut > 0 {
            errors[.images] = strings.errTooManyPhotos(leftOut: leftOut)
        } else if photos.isEmpty && draftGone {
            errors[.images] = strings[.errDraftExpired]
        } else if let refused = FieldErrors.photos(files, strings) {
            errors[.images] = refused.errors[.images]
            status = refused.status
        }
        let password = form["password"] ?? ""
        if let problem = FieldErrors.password(password, strings) { errors[.password] = problem }
        let (sellerName, sellerProblem) = input.seller(strings)
        if let sellerProblem { errors[.seller] = sellerProblem }
        guard errors.isEmpty, let draft, let sellerName else {
            let keptDraft = await keep(photos, key: draftKey, owner: owner, context: context)
            return try formResponse(request, context, values: input, product: nil, errors: errors, status: status, draft: keptDraft)
        }
        let images = files.map { ImageUpload(filename: $0.filename, contentType: $0.contentType, data: $0.data) }
        switch await editing.create(draft, images: images, password: password, client: context.clientKey) {
        case .success(let created):
            context.logger.info("Product listed through the storefront", metadata: ["product": "\(created.id)"])
            // The market has the product now whatever happens here: without its name it shows its vendor's.
            do {
                try await sellers.keep(sellerName, productID: created.id)
            } catch {
                context.logger.error("The seller's nickname could not be kept", metadata: ["product": "\(created.id)", "error": "\(String(reflecting: error))"])
            }
            if let draftKey { try? await drafts.discard(key: draftKey, owner: owner) }
            return Redirect.to(SiteURL.product(.value(created.id)).link, flash: .created)
        case .failure(let refusal):
            let keptDraft = await keep(photos, key: draftKey, owner: owner, context: context)
            return try refusedForm(refusal, request, context, values: input, product: nil, draft: keptDraft)
        }
    }

    /// The photos to list: those kept from the last try that were not ticked "remove", then the newly chosen ones,
    /// five at most; how many were left out past the fifth; whether the form named a draft that is gone (swept, or
    /// not this visitor's).
    private func photos(
        of upload: FormUploads.Upload, draftKey: String?, owner: String
    ) async throws -> (photos: [PhotoDrafts.Photo], leftOut: Int, draftGone: Bool) {
        var kept: [PhotoDrafts.Photo] = []
        var draftGone = false
        if let draftKey {
            if let found = try await drafts.load(key: draftKey, owner: owner) {
                let removed = Set(upload.form.values(Self.removePhotoField))
                kept = found.photos.filter { !removed.contains($0.token) }
            } else {
                draftGone = true
            }
        }
        let chosen = upload.form.files.filter { $0.fieldName == FormField.images.rawValue }
            .map { PhotoDrafts.Photo(filename: $0.filename, mediaType: $0.contentType ?? "image/jpeg", data: $0.data) }
        let all = kept + chosen
        let leftOut = upload.leftOut + max(0, all.count - PhotoDrafts.maxPhotos)
        return (Array(all.prefix(PhotoDrafts.maxPhotos)), leftOut, draftGone)
    }

    /// Keeps the photos for the form shown again; without them (no room, a failing disk) the page asks to choose
    /// them again, as before drafts existed.
    private func keep(_ photos: [PhotoDrafts.Photo], key: String?, owner: String, context: Context) async -> PhotoDrafts.Draft? {
        do {
            return try await drafts.keep(photos, key: key, owner: owner)
        } catch {
            context.logger.warning("The form's photos could not be kept", metadata: ["error": "\(String(reflecting: error))"])
            return nil
        }
    }

    /// A kept photo's preview: only for the visitor whose draft it is, never stored by a cache.
    @Sendable func draftPhoto(_ request: Request, context: Context) async throws -> Response {
        guard let token = context.parameters.get("token"), token.count == 64, token.allSatisfy(\.isHexDigit),
            let photo = try await drafts.photo(token: token, owner: context.visitor.csrfToken)
        else { throw HTTPError(.notFound) }
        let headers: HTTPFields = [
            .contentType: photo.mediaType, .cacheControl: "no-store", .contentLength: String(photo.data.count),
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        return try formResponse(request, context, values: ProductFormInput(product: product), product: product)
    }

    /// Changes a product. On the embedded market the form also arranges its photos (`PhotoChoices`); new photos a
    /// form shown again could not take are kept as a draft, as on the upload form.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let upload = try await uploads.read(
            request, context: context, photoField: FormField.images.rawValue, repeatable: [PhotoChoices.removeField, Self.removePhotoField])
        let form = upload.form
        let product = try await market.product(id: id)
        let strings = context.visitor.strings
        let owner = context.visitor.csrfToken
        let input = ProductFormInput(form: form)
        let choices = editing.canArrangePhotos ? PhotoChoices(form: form, product: product) : nil
        let draftKey = form.trimmed(Self.draftField)
        let (added, leftOut, draftGone) = try await photos(of: upload, draftKey: draftKey, owner: owner)
        let sentPhotos = !added.isEmpty || upload.refusal != nil || leftOut > 0 || draftGone
        // The form shown again: new photos kept as a draft, or asked for again when they could not be kept.
        func shownAgain(
            values: ProductFormInput, product: ProductDetail, errors: FieldErrors = FieldErrors(), notice: String? = nil,
            status: HTTPResponse.Status, conflict: EditConflict? = nil
        ) async throws -> Response {
            let draft = choices == nil ? nil : await keep(added, key: draftKey, owner: owner, context: context)
            return try formResponse(
                request, context, values: values, product: product, errors: errors, notice: notice, status: status, conflict: conflict,
                draft: draft, photoChoices: choices, rechoosePhotos: sentPhotos && draft == nil)
        }
        // What the change is based on: the product as the form showed it, else as it was just read. The read above
        // only spares a doomed attempt; the market decides again in the change's own transaction.
        let basis = input.shown ?? ShownProduct(product)
        if let conflict = EditConflict(submitted: input, shown: basis, current: product) {
            return try await shownAgain(values: conflict.merged, product: product, status: .conflict, conflict: conflict)
        }
        var errors = FieldErrors()
        var status = HTTPResponse.Status.unprocessableContent
        var changes = ProductChanges()
        switch input.changes(from: product, strings) {
        case .success(let found): changes = found
        case .failure(let found): errors = found
        }
        var photos: PhotoArrangement?
        if let choices {
            let files = added.map { SubmittedForm.File(fieldName: FormField.images.rawValue, filename: $0.filename, contentType: $0.mediaType, data: $0.data) }
            if let refused = upload.refusal.map({ FieldErrors.photos($0, strings) }) ?? (files.isEmpty ? nil : FieldErrors.photos(files, strings)) {
                (errors[.images], status) = (refused.errors[.images], refused.status)
            } else if draftGone {
                errors[.images] = strings[.errDraftExpired]
            } else {
                let uploads = files.map { ImageUpload(filename: $0.filename, contentType: $0.contentType, data: $0.data) }
                switch choices.arrangement(of: product, mainID: Int(input.thumbnailID), adding: uploads) {
                case .success(let arrangement): photos = arrangement
                case .failure(.noPhotoLeft): errors[.images] = strings.errImageCount(0)
                case .failure(.tooMany(let count)): errors[.images] = strings.errImageCount(count + leftOut)
                }
            }
        } else if sentPhotos {
            errors[.images] = strings[.photosCannotChange]
        }
        guard errors.isEmpty else {
            return try await shownAgain(values: input, product: product, errors: errors, status: status)
        }
        // The arrangement names the main photo, in its own place.
        if photos != nil { changes.thumbnailID = nil }
        guard !changes.isEmpty || photos != nil else {
            return try await shownAgain(values: input, product: product, notice: strings[.noChanges], status: .ok)
        }
        let seller = ProductEditing.Requester.seller(password: form["password"] ?? "", client: context.clientKey)
        switch await editing.update(product, changes: changes, unlessChanged: basis.isStill, photos: photos, by: seller) {
        case .success:
            if let draftKey { try? await drafts.discard(key: draftKey, owner: owner) }
            return Redirect.to(SiteURL.product(.value(id)).link, flash: .updated)
        case .failure(.changedMeanwhile(let current)):
            let conflict = EditConflict(submitted: input, shown: basis, current: current)
            return try await shownAgain(
                values: conflict?.merged ?? ProductFormInput(product: current), product: current, status: .conflict, conflict: conflict)
        case .failure(let refusal):
            guard let shown = refusal.formErrors(strings) else { throw refusal.pageError }
            var response = try await shownAgain(values: input, product: product, errors: shown.errors, status: shown.status)
            if case .throttled(let seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
            return response
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
        switch await editing.delete(product, by: seller) {
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
        _ refusal: ProductEditing.Refusal, _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?,
        draft: PhotoDrafts.Draft? = nil
    ) throws -> Response {
        guard let shown = refusal.formErrors(context.visitor.strings) else { throw refusal.pageError }
        var response = try formResponse(
            request, context, values: values, product: product, errors: shown.errors, status: shown.status, draft: draft)
        if case .throttled(let seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    private func formResponse(
        _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, status: HTTPResponse.Status = .ok, conflict: EditConflict? = nil, draft: PhotoDrafts.Draft? = nil,
        photoChoices: PhotoChoices? = nil, rechoosePhotos: Bool = false
    ) throws -> Response {
        let strings = context.visitor.strings
        let pageContext = PageContext(title: product == nil ? strings[.newTitle] : strings[.editTitle], request: request, visitor: context.visitor)
        let page = ProductFormPage(
            context: pageContext, values: values, product: product, errors: errors, notice: notice, writesDisabled: writesDisabled,
            canChooseMainPhoto: editing.canChooseMainPhoto, canArrangePhotos: editing.canArrangePhotos, photoChoices: photoChoices,
            rechoosePhotos: rechoosePhotos, conflict: conflict, draft: draft)
        return try renderer.response(page, status: status)
    }

    private func deleteResponse(
        _ request: Request, _ context: Context, product: ProductDetail, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let pageContext = PageContext(title: context.visitor.strings[.deleteTitle], request: request, visitor: context.visitor)
        let page = ProductDeletePage(context: pageContext, product: product, error: error, writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }
}
