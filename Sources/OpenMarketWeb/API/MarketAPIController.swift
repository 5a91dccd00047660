import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketUseCases
import OpenMarketWebState

/// The embedded market's REST API in an OpenMarket v2 wire format: v2b ("openmarket") on the main port, v2a
/// ("market-training") on its own. Both listeners take either delete flow.
struct MarketAPIController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI & TwoStepDeleting
    let images: ImageURLResolver
    let throttle: GuessThrottle
    let bodyDeadline: Duration
    /// Serves this generation's OpenAPI description at `/api/openapi.json`.
    let assets: AssetLibrary
    /// The wire shapes of list and detail answers.
    var generation: APIGeneration = .v2b
    /// List and detail answers as sent, kept until the market's next write.
    let answers: WriteVersionedCache<Answer.Key, Answer>

    init(
        market: any EmbeddedMarketStore, writeVersion: @escaping @Sendable () -> UInt64, images: ImageURLResolver, throttle: GuessThrottle,
        bodyDeadline: Duration, assets: AssetLibrary, generation: APIGeneration = .v2b
    ) {
        self.market = market
        self.images = images
        self.throttle = throttle
        self.bodyDeadline = bodyDeadline
        self.assets = assets
        self.generation = generation
        answers = WriteVersionedCache(capacity: Answer.capacity, maximumBytes: Answer.maximumBytes, version: writeVersion)
    }

    /// `group` is the API's route group, whose middleware answers errors in the API's JSON shape.
    func addRoutes(to group: RouterGroup<Context>) {
        group.get(.api(.healthChecker)) { _, _ in WireResponse.json(.string("OK")) }
        group.get(.api(.products), use: index)
        group.post(.api(.products), use: create)
        group.get(.api(.product(.key)), use: show)
        group.patch(.api(.product(.key)), use: update)
        group.post(.api(.archived(.key)), use: archive)
        group.post(.api(.secret(.key)), use: productSecret)
        // `DELETE /api/products/{token}` and `/api/products/{id}/{token}`: clients use either form of the archived path.
        group.delete(.api(.deleteToken(.key)), use: deleteByToken)
        group.delete(.api(.productToken(.key, .key)), use: deleteByToken)
        group.get(.apiDescription) { [assets, generation] request, _ in try assets.response(generation.description, to: request) }
        group.refuseOtherMethods(at: .api(.healthChecker), allowing: [.get])
        group.refuseOtherMethods(at: .api(.products), allowing: [.get, .post])
        group.refuseOtherMethods(at: .api(.product(.key)), allowing: [.get, .patch, .delete])
        group.refuseOtherMethods(at: .api(.archived(.key)), allowing: [.post])
        group.refuseOtherMethods(at: .api(.secret(.key)), allowing: [.post])
        group.refuseOtherMethods(at: .api(.productToken(.key, .key)), allowing: [.delete])
        group.refuseOtherMethods(at: .apiDescription, allowing: [.get])
        // Any other path below the API's root is the API's 404, in JSON.
        group.answerNotFound(at: SiteURL.apiFallbacks)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let query = try Self.query(FormQuery(request))
        let origin = images.origin(for: request, context: context)
        let key = Answer.Key.list(query, origin: origin)
        let version = answers.version
        if let kept = answers.value(key, at: version) { return kept.response }
        // Past the last page the API answers 204 with no body, as the OpenMarket servers do.
        let answer = try await market.products(query).map { page in
            Answer.json(ByteBuffer(bytes: generation.json(images.absolute(page, origin: origin)).bytes()))
        } ?? .noContent
        answers.keep(answer, bytes: answer.byteCount, for: key, readAt: version)
        return answer.response
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(context)
        let origin = images.origin(for: request, context: context)
        let key = Answer.Key.product(id, origin: origin)
        let version = answers.version
        if let kept = answers.value(key, at: version) { return kept.response }
        let detail = try await market.product(id: id)
        let answer = Answer.json(ByteBuffer(bytes: generation.json(images.absolute(detail, origin: origin)).bytes()))
        answers.keep(answer, bytes: answer.byteCount, for: key, readAt: version)
        return answer.response
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let identifier = try Self.identifier(request)
        try await checkThrottle(identifier, context)
        let boundary = try MultipartBody.boundary(fromContentType: request.headers[.contentType])
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxRequestBodyBytes, deadline: bodyDeadline)
        let upload = try MarketUpload(MultipartBody.parts(body, boundary: boundary))
        let credentials = VendorCredentials(identifier: identifier, secret: upload.secret)
        let detail = try await withSecret(identifier, context) {
            try await market.createProduct(upload.draft, images: upload.images, credentials: credentials)
        }
        context.logger.info("Product created", metadata: ["product": "\(detail.id)", "vendor": "\(detail.vendorID)"])
        return WireResponse.json(generation.json(images.absolute(detail, origin: images.origin(for: request, context: context))), status: .created)
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(context)
        let identifier = try Self.identifier(request)
        try await checkThrottle(identifier, context)
        // v2a clients send PATCH without a Content-Type: the body is read as JSON whatever it says,
        // except a multipart body, which can only be a mistake.
        if request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true {
            throw OpenMarketError.unsupportedMedia("PATCH takes a JSON body; photos cannot be changed after upload.")
        }
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxJSONBodyBytes, deadline: bodyDeadline)
        let (changes, secret) = try MarketRequestBodies.changes(Data(body.readableBytesView))
        let detail = try await withSecret(identifier, context) {
            try await market.updateProduct(id: id, changes: changes, credentials: .init(identifier: identifier, secret: secret))
        }
        return WireResponse.json(generation.json(images.absolute(detail, origin: images.origin(for: request, context: context))))
    }

    /// v2b delete, step one: the answer is the plain-text path to send the DELETE to.
    @Sendable func archive(_ request: Request, context: Context) async throws -> Response {
        let token = try await issueToken(request, context: context)
        return WireResponse.text(MarketPath.deleteToken(.value(token)).path)
    }

    /// v2a delete, step one: the answer is the bare token, used as `DELETE /api/products/{id}/{token}`.
    @Sendable func productSecret(_ request: Request, context: Context) async throws -> Response {
        WireResponse.text(try await issueToken(request, context: context))
    }

    @Sendable func deleteByToken(_ request: Request, context: Context) async throws -> Response {
        let identifier = try Self.identifier(request)
        let token = context.parameters.get("token") ?? context.parameters.get("id") ?? ""
        var productID: Int?
        if context.parameters.get("token") != nil {
            productID = try Self.productID(context)
        } else if Int(token) != nil {
            // A numeric last segment is a product id, not a token: deleting needs the archived step first.
            throw OpenMarketError.malformed("DELETE needs the path returned by POST /api/products/{id}/archived.")
        }
        let detail = try await market.deleteProduct(token: token, identifier: identifier, productID: productID)
        context.logger.info("Product deleted", metadata: ["product": "\(detail.id)"])
        return WireResponse.json(generation.json(images.absolute(detail, origin: images.origin(for: request, context: context))))
    }

    private func issueToken(_ request: Request, context: Context) async throws -> String {
        let id = try Self.productID(context)
        let identifier = try Self.identifier(request)
        try await checkThrottle(identifier, context)
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxJSONBodyBytes, deadline: bodyDeadline)
        let secret = try MarketRequestBodies.secret(Data(body.readableBytesView))
        return try await withSecret(identifier, context) {
            try await market.issueDeleteToken(productID: id, credentials: .init(identifier: identifier, secret: secret))
        }
    }

    /// Refuses a client that may not guess at this identifier's secret now: before the body is even read, so a
    /// blocked guess costs next to nothing (429 with `Retry-After`). A look only: `withSecret` reserves the guess.
    private func checkThrottle(_ identifier: String, _ context: Context) async throws {
        if let wait = await throttle.blockedSeconds(client: context.clientKey, subject: .vendor(identifier)) {
            context.logger.debug("Vendor secret check refused while throttled", metadata: ["client": "\(context.clientKey)"])
            throw WebError.tooManyAttempts(seconds: wait)
        }
    }

    /// Runs a write whose vendor secret the market checks (bcrypt), as a guess reserved first (see `GuessThrottle`):
    /// a wrong secret counts against the client and the identifier, a right one makes the client a proven one for it,
    /// and any other failure releases the reservation (the market checks the secret before anything else, so such a
    /// failure either came after a right secret or before the secret was looked at).
    private func withSecret<T: Sendable>(_ identifier: String, _ context: Context, _ body: () async throws -> T) async throws -> T {
        let guess: GuessThrottle.Guess
        switch await throttle.reserve(client: context.clientKey, subject: .vendor(identifier)) {
        case .refused(let seconds):
            context.logger.debug("Vendor secret check refused while throttled", metadata: ["client": "\(context.clientKey)"])
            throw WebError.tooManyAttempts(seconds: seconds)
        case .unavailable:
            throw OpenMarketError.unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds)
        case .guess(let reserved):
            guess = reserved
        }
        do {
            let result = try await body()
            await guess.settle(.right)
            return result
        } catch OpenMarketError.unauthorized(let message) {
            await guess.settle(.wrong)
            context.logger.notice("Wrong vendor secret", metadata: ["client": "\(context.clientKey)"])
            throw OpenMarketError.unauthorized(message)
        } catch {
            await guess.settle(.undecided)
            throw error
        }
    }
}

extension MarketAPIController {
    static func query(_ parameters: FormQuery) throws(OpenMarketError) -> ProductQuery {
        func number(_ name: String, default value: Int) throws(OpenMarketError) -> Int {
            guard let raw = parameters.get(name) else { return value }
            guard let number = Int(raw) else { throw .malformed("`\(name)` must be a whole number.") }
            return number
        }
        let page = try number("page_no", default: 1)
        let perPage = try number("items_per_page", default: 20)
        return ProductQuery(page: page, perPage: perPage, search: parameters.get("search_value"))
    }

    static func productID(_ context: Context) throws(OpenMarketError) -> Int {
        guard let id = PathNumber.positive(context.parameters.get("id")) else {
            throw .notFound("There is no product at this address.")
        }
        return id
    }

    static func identifier(_ request: Request) throws(OpenMarketError) -> String {
        guard let value = request.headers[HTTPField.Name("identifier")!]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw .unauthorized("The `identifier` header is missing: send your vendor identifier with every write.")
        }
        return value
    }
}
