import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketStore

/// Upload, edit and delete through HTML forms. Every write checks the form's CSRF token (by reading the form
/// through `SubmittedForm`) and the product's password, and answers POST → redirect → GET on success.
struct ProductEditorController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let renderer: PageRenderer
    let passwords: ProductPasswords
    let throttle: PasswordThrottle
    let audit: AuditLog
    let bodyDeadline: Duration

    func addRoutes(to router: Router<Context>) {
        router.get(SiteURL.Route.newProduct, use: new)
        router.post(SiteURL.Route.products, use: create)
        router.get(SiteURL.Route.editProduct, use: edit)
        router.post(SiteURL.Route.editProduct, use: update)
        router.get(SiteURL.Route.deleteProduct, use: confirmDelete)
        router.post(SiteURL.Route.deleteProduct, use: delete)
    }

    private var writesDisabled: Bool { passwords.vendor == nil }

    @Sendable func new(_ request: Request, context: Context) async throws -> Response {
        try formResponse(request, context, values: ProductFormInput(), product: nil)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        guard let vendor = passwords.vendor else { throw WebError.writesDisabled }
        let strings = context.visitor.strings
        let input = ProductFormInput(form: form)
        var errors = FieldErrors()
        var draft: ProductDraft?
        switch input.draft(strings) {
        case .success(let value): draft = value
        case .failure(let failure): errors = failure
        }
        let photos = form.files.filter { $0.fieldName == FormField.images.rawValue }
        var status = HTTPResponse.Status.unprocessableContent
        if !MarketLimits.imageCount.contains(photos.count) {
            errors[.images] = strings.errImageCount(photos.count)
        } else if let large = photos.first(where: { $0.data.count > MarketLimits.maxImageBytes }) {
            errors[.images] = strings.errImageTooLarge(name: large.filename, size: strings.kilobytes(large.data.count))
            status = .contentTooLarge
        }
        let password = form["password"] ?? ""
        if let problem = Self.passwordProblem(password, strings) { errors[.password] = problem }
        guard errors.isEmpty, let draft else {
            return try formResponse(request, context, values: input, product: nil, errors: errors, status: status)
        }
        let images = photos.map { ImageUpload(filename: $0.filename, contentType: $0.contentType, data: $0.data) }
        let created: ProductDetail
        do {
            created = try await market.createProduct(draft, images: images, credentials: vendor)
        } catch let refusal {
            try await audit.record(
                actor: Self.actor(context), action: .create, productID: nil, productName: draft.name, outcome: .refused, detail: refusal.message)
            guard let (field, message, refusedStatus) = Self.fieldError(for: refusal, strings) else { throw refusal }
            errors[field] = message
            return try formResponse(request, context, values: input, product: nil, errors: errors, status: refusedStatus)
        }
        do {
            try await passwords.setPassword(password, productID: created.id)
        } catch {
            // Without its password the product could be changed with the vendor secret only: take it back.
            _ = try? await market.deleteProduct(id: created.id, credentials: vendor)
            throw error
        }
        try await audit.record(
            actor: Self.actor(context), action: .create, productID: created.id, productName: created.name,
            changes: AuditLog.Change.fields(of: created), outcome: .success)
        context.logger.info("Product listed through the storefront", metadata: ["product": "\(created.id)"])
        return StorefrontController.redirect(to: SiteURL.product(created.id).path, flash: .created)
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try StorefrontController.productID(context))
        return try formResponse(request, context, values: ProductFormInput(product: product), product: product)
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try StorefrontController.productID(context)
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let product = try await market.product(id: id)
        let strings = context.visitor.strings
        let input = ProductFormInput(form: form)
        let changes: ProductChanges
        switch input.changes(from: product, strings) {
        case .failure(let errors):
            return try formResponse(request, context, values: input, product: product, errors: errors, status: .unprocessableContent)
        case .success(let value):
            changes = value
        }
        if changes.isEmpty {
            return try formResponse(request, context, values: input, product: product, notice: strings.noChanges)
        }
        let authority: ProductPasswords.Authority
        switch try await checkPassword(form["password"] ?? "", productID: id, context: context) {
        case .refused(let message, let status):
            try await audit.record(
                actor: Self.actor(context), action: .update, productID: id, productName: product.name,
                changes: AuditLog.Change.requested(changes, current: product), outcome: .refused, detail: message)
            var errors = FieldErrors()
            errors[.password] = message
            return try formResponse(request, context, values: input, product: product, errors: errors, status: status)
        case .granted(let granted):
            authority = granted
        }
        let updated: ProductDetail
        do {
            updated = try await market.updateProduct(id: id, changes: changes, credentials: authority.credentials)
        } catch let refusal {
            try await audit.record(
                actor: Self.actor(context), action: .update, productID: id, productName: product.name,
                changes: AuditLog.Change.requested(changes, current: product), outcome: .refused, detail: refusal.message)
            let message: String, status: HTTPResponse.Status, field: FormField
            if case .unauthorized = refusal, case .vendorSecret = authority {
                await throttle.recordFailure(for: throttleKey(id, context))
                (field, message, status) = (.password, strings.errPasswordWrong, .forbidden)
            } else if let mapped = Self.fieldError(for: refusal, strings) {
                (field, message, status) = mapped
            } else {
                throw refusal
            }
            var errors = FieldErrors()
            errors[field] = message
            return try formResponse(request, context, values: input, product: product, errors: errors, status: status)
        }
        await throttle.recordSuccess(for: throttleKey(id, context))
        try await audit.record(
            actor: Self.actor(context), action: .update, productID: id, productName: updated.name,
            changes: AuditLog.Change.diff(from: product, to: updated), outcome: .success)
        return StorefrontController.redirect(to: SiteURL.product(id).path, flash: .updated)
    }

    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try StorefrontController.productID(context))
        return try deleteResponse(request, context, product: product)
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try StorefrontController.productID(context)
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let product = try await market.product(id: id)
        let strings = context.visitor.strings
        let authority: ProductPasswords.Authority
        switch try await checkPassword(form["password"] ?? "", productID: id, context: context) {
        case .refused(let message, let status):
            try await audit.record(
                actor: Self.actor(context), action: .delete, productID: id, productName: product.name, outcome: .refused, detail: message)
            return try deleteResponse(request, context, product: product, error: message, status: status)
        case .granted(let granted):
            authority = granted
        }
        do {
            _ = try await market.deleteProduct(id: id, credentials: authority.credentials)
        } catch let refusal {
            let wrongVendorSecret = if case .unauthorized = refusal { authority.isVendorSecret } else { false }
            let otherVendor = if case .forbidden = refusal { true } else { false }
            guard wrongVendorSecret || otherVendor else { throw refusal }
            if wrongVendorSecret { await throttle.recordFailure(for: throttleKey(id, context)) }
            let message = wrongVendorSecret ? strings.errPasswordWrong : strings.errOtherVendor
            try await audit.record(
                actor: Self.actor(context), action: .delete, productID: id, productName: product.name, outcome: .refused, detail: message)
            return try deleteResponse(request, context, product: product, error: message, status: .forbidden)
        }
        await throttle.recordSuccess(for: throttleKey(id, context))
        try? await passwords.removePassword(productID: id)
        try await audit.record(
            actor: Self.actor(context), action: .delete, productID: id, productName: product.name,
            snapshot: AuditLog.Change.fields(of: product), outcome: .success)
        context.logger.info("Product deleted through the storefront", metadata: ["product": "\(id)"])
        return StorefrontController.redirect(to: SiteURL.products(ListQuery()).path, flash: .deleted)
    }
}

extension ProductEditorController {
    enum PasswordCheck {
        case granted(ProductPasswords.Authority)
        case refused(String, HTTPResponse.Status)
    }

    /// The throttle first (a blocked client's guess is not even checked), then the product's own password.
    func checkPassword(_ password: String, productID: Int, context: Context) async throws -> PasswordCheck {
        let strings = context.visitor.strings
        let key = throttleKey(productID, context)
        if let wait = await throttle.waitSeconds(for: key) {
            return .refused(strings.errTooManyAttempts(seconds: wait), .tooManyRequests)
        }
        if password.isEmpty { return .refused(strings.errPasswordRequired, .unprocessableContent) }
        guard let authority = try await passwords.authority(productID: productID, password: password) else {
            await throttle.recordFailure(for: key)
            context.logger.notice("Wrong product password", metadata: ["product": "\(productID)", "client": "\(context.clientKey)"])
            return .refused(strings.errPasswordWrong, .forbidden)
        }
        return .granted(authority)
    }

    /// Storefront visitors have no account: history names them by address.
    static func actor(_ context: Context) -> String {
        "visitor \(context.clientKey)"
    }

    func throttleKey(_ productID: Int, _ context: Context) -> PasswordThrottle.Key {
        PasswordThrottle.Key(client: context.clientKey, subject: "product-\(productID)")
    }

    static func passwordProblem(_ password: String, _ strings: Strings) -> String? {
        if password.isEmpty { return strings.errPasswordRequired }
        if password.count < ProductFormPage.passwordLength.lowerBound || SecretHasher.problem(with: password) != nil {
            return strings.errPasswordLength
        }
        return nil
    }

    /// A market refusal that belongs next to a form field, with the status the page answers.
    static func fieldError(for error: OpenMarketError, _ strings: Strings) -> (FormField, String, HTTPResponse.Status)? {
        switch error {
        case .invalid(let violations):
            let first = violations.first
            return (FormField(first?.field) ?? .name, strings.errMarketRefused(violations.map(\.message).joined(separator: " ")), .unprocessableContent)
        case .tooLarge(let message):
            return (.images, strings.errMarketRefused(message), .contentTooLarge)
        case .unsupportedMedia(let message):
            return (.images, strings.errMarketRefused(message), .unsupportedMediaType)
        case .forbidden:
            return (.password, strings.errOtherVendor, .forbidden)
        default:
            return nil
        }
    }

    func formResponse(
        _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let strings = context.visitor.strings
        let layout = PageLayout(title: product == nil ? strings.newTitle : strings.editTitle, request: request, visitor: context.visitor)
        let page = ProductFormPage(
            layout: layout, language: context.visitor.language, values: values, product: product, errors: errors, notice: notice,
            writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }

    func deleteResponse(
        _ request: Request, _ context: Context, product: ProductDetail, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let layout = PageLayout(title: context.visitor.strings.deleteTitle, request: request, visitor: context.visitor)
        let page = ProductDeletePage(layout: layout, language: context.visitor.language, product: product, error: error, writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }
}

extension ProductPasswords.Authority {
    var credentials: VendorCredentials {
        switch self {
        case .frontEnd(let credentials), .vendorSecret(let credentials): credentials
        }
    }

    var isVendorSecret: Bool {
        if case .vendorSecret = self { return true }
        return false
    }
}
