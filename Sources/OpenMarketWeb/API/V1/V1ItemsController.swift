import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
import OpenMarketStore
import OpenMarketTexts
import OpenMarketUseCases

/// The first OpenMarket generation's API (2021) on the embedded market: items are its products, one catalogue
/// with the v2 API's, and an item's `password` is the product's own password.
///
/// Writes go through `ProductEditing`, as the storefront's forms do: the throttle before any bcrypt, the
/// product's password (or, for a product listed by a v2 app, the vendor's secret), the history.
struct V1ItemsController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let editing: ProductEditing
    let images: ImageURLResolver
    let bodyDeadline: Duration

    /// History entries of v1 requests are written in English: an app sends no language.
    private var strings: Strings { Language.english.strings }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(.v1(.items(.key)), use: index)
        group.post(.v1(.newItem), use: create)
        group.get(.v1(.item(.key)), use: show)
        group.patch(.v1(.item(.key)), use: update)
        group.delete(.v1(.item(.key)), use: delete)
        group.refuseOtherMethods(at: .v1(.items(.key)), allowing: [.get])
        group.refuseOtherMethods(at: .v1(.newItem), allowing: [.post])
        group.refuseOtherMethods(at: .v1(.item(.key)), allowing: [.get, .patch, .delete])
        group.answerNotFound(at: SiteURL.v1Fallbacks)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        guard let page = PathNumber.positive(context.parameters.get("page")), page <= WebLimits.maxPage else {
            throw HTTPError(.notFound)
        }
        let listed = try await market.products(ProductQuery(page: page, perPage: V1Path.itemsPerPage))
        let origin = images.origin(for: request, context: context)
        // Past the last page the first generation answered an empty page, not 204.
        let items = listed.map { images.absolute($0, origin: origin).products.map(V1Item.init) } ?? []
        return WireResponse.json(V1ItemPage(page: page, items: items).wireJSON)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let detail = try await market.product(id: try context.productID())
        return item(detail, request, context)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let form = try await readForm(request)
        let draft = try form.draft()
        if let problem = FieldErrors.password(form.password, strings) {
            throw OpenMarketError.invalid([.init(field: .secret, message: "`password`: \(problem)")])
        }
        let result = await editing.create(draft, images: form.images, password: form.password, client: context.clientKey)
        let created = try result.mapError(Self.error).get()
        context.logger.info("Item created through the v1 API", metadata: ["product": "\(created.id)"])
        return item(created, request, context)
    }

    /// Every part is optional but `password`; `images[]` replaces the photos; a password alone only checks it.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let form = try await readForm(request)
        guard !form.password.isEmpty else { throw OpenMarketError.malformed("The `password` part is required.") }
        if let problem = LenientJSONObject.secretProblem(form.password) {
            throw OpenMarketError.invalid([.init(field: .secret, message: "`password` \(problem)")])
        }
        let seller = ProductEditing.Requester.seller(password: form.password, client: context.clientKey)
        let result: Result<ProductDetail, ProductEditing.Refusal>
        if form.hasChanges {
            let product = try await market.product(id: id)
            let changes = try form.changes(to: product)
            result = await editing.update(
                product, changes: changes, photos: form.images.isEmpty ? nil : .replacing(form.images), by: seller)
        } else {
            result = await editing.verify(productID: id, password: form.password, client: context.clientKey)
        }
        return item(try result.mapError(Self.error).get(), request, context)
    }

    /// `{"password"}` answers the deleted item; `{"id", "password"}` (the first server's apps) answers `{"id"}`.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxJSONBodyBytes, deadline: bodyDeadline)
        var object = try LenientJSONObject(data: Data(body.readableBytesView), what: "The request body")
        let password = object.require(object.secret("password"), "password", field: .secret)
        let bodyID = object.integer("id", field: nil)
        guard object.violations.isEmpty, let password else { throw OpenMarketError.invalid(object.violations) }
        if let bodyID, bodyID != id {
            // Well-formed, but about another item: nothing is deleted.
            throw OpenMarketError.invalid([.init(field: nil, message: "The body's `id` (\(bodyID)) is not the item of the path (\(id)).")])
        }
        let deleted = try await editing.delete(productID: id, by: .seller(password: password, client: context.clientKey))
            .mapError(Self.error).get()
        context.logger.info("Item deleted through the v1 API", metadata: ["product": "\(deleted.id)"])
        if bodyID != nil { return WireResponse.json(.object([("id", .int(deleted.id))])) }
        return item(deleted, request, context)
    }

    private func readForm(_ request: Request) async throws -> V1ItemForm {
        let boundary: String?
        do {
            boundary = try MultipartForm.boundary(fromContentType: request.headers[.contentType])
        } catch {
            throw OpenMarketError.malformed(error.message)
        }
        guard let boundary else {
            throw OpenMarketError.unsupportedMedia("The body must be multipart/form-data with text parts and `images[]` files.")
        }
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxRequestBodyBytes, deadline: bodyDeadline)
        // Apps of 2021 end their bodies with a delimiter line never closed, which the server of the time took.
        return try V1ItemForm(MultipartBody.parts(body, boundary: boundary, ending: .closingOrLastDelimiter))
    }

    private func item(_ detail: ProductDetail, _ request: Request, _ context: Context) -> Response {
        WireResponse.json(V1Item(images.absolute(detail, origin: images.origin(for: request, context: context))).wireJSON)
    }

    /// A refusal as the error the v1 middleware answers: a wrong password is 401, a throttled one 429.
    static func error(_ refusal: ProductEditing.Refusal) -> any Error {
        switch refusal {
        case .passwordMissing: OpenMarketError.malformed("The `password` is required.")
        case .passwordWrong: OpenMarketError.unauthorized("The password is wrong.")
        case .throttled(let seconds): WebError.tooManyAttempts(seconds: seconds)
        case .writesDisabled: WebError.writesDisabled
        case .storageFull: OpenMarketError.storageFull
        case .market(let error): error
        case .changedMeanwhile: HTTPError(.conflict, message: "The item changed meanwhile; nothing was saved.")
        }
    }
}
