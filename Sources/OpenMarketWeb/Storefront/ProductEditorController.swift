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

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.get(.newProduct, use: new)
        pages.post(.products(), use: create)
        pages.get(.editProduct(.key), use: edit)
        pages.post(.editProduct(.key), use: update)
        pages.get(.deleteProduct(.key), use: confirmDelete)
        pages.post(.deleteProduct(.key), use: delete)
    }

    var writesDisabled: Bool { passwords.vendor == nil }

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
        return Redirect.to(SiteURL.product(.value(created.id)).link, flash: .created)
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
        let changes: ProductChanges
        switch input.editRequest(for: product, strings) {
        case .invalid(let errors):
            return try formResponse(request, context, values: input, product: product, errors: errors, status: .unprocessableContent)
        case .unchanged:
            return try formResponse(request, context, values: input, product: product, notice: strings.noChanges)
        case .changes(let requested):
            changes = requested
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
        return Redirect.to(SiteURL.product(.value(id)).link, flash: .updated)
    }

    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let product = try await market.product(id: try context.productID())
        return try deleteResponse(request, context, product: product)
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
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
        return Redirect.to(SiteURL.products().link, flash: .deleted)
    }
}
