import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// `OpenMarketAPI` over HTTP against a remote OpenMarket server: v2 "openmarket" (v2b) or "market-training" (v2a),
/// or the first generation (v1, `OpenMarketClient+V1.swift`), where `VendorCredentials.secret` is the item's password.
///
/// Every call has a deadline and a response-size cap; only GETs are retried, once, on transport failures.
public final class OpenMarketClient: OpenMarketAPI {
    public let configuration: OpenMarketClientConfiguration
    let requests: MarketRequests
    private let httpClient: HTTPClient
    private let logger: Logger

    public init(configuration: OpenMarketClientConfiguration, logger: Logger = Logger(label: "openmarket.client")) {
        self.configuration = configuration
        self.requests = MarketRequests(baseURL: configuration.baseURL, generation: configuration.generation)
        self.logger = logger
        // AsyncHTTPClient has no read timeout by default; a stalled server would hold a page forever.
        let timeout = HTTPClient.Configuration.Timeout(
            connect: .init(configuration.connectTimeout),
            read: .init(configuration.requestTimeout)
        )
        var httpConfiguration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: timeout)
        // By default a refused connection is tried again until the connect timeout: a closed port would take
        // seconds to report. Refused is an answer; our own single retry below covers a dropped connection.
        httpConfiguration.connectionPool.retryConnectionEstablishment = false
        self.httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: httpConfiguration)
    }

    /// Closes pooled connections; call once before the process ends.
    public func shutdown() async throws {
        try await httpClient.shutdown()
    }

    public func healthCheck() async throws(OpenMarketError) {
        let response = try await send(requests.healthCheck())
        guard (200..<300).contains(response.status) else { throw Self.error(for: response) }
    }

    public func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        if configuration.generation == .v1 { return try await v1Products(query) }
        let response = try await send(requests.list(query))
        // v2a answers 204 past the last page; v2b sends a 2xx with a body no decoder reads.
        if response.status == 204 || ((200..<300).contains(response.status) && response.body.isEmpty) { return nil }
        return try decode(ProductPage.self, from: response)
    }

    public func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        if configuration.generation == .v1 { return try v1Detail(from: try await send(requests.detail(id: id))) }
        return try decode(ProductDetail.self, from: try await send(requests.detail(id: id)))
    }

    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        let boundary = Self.boundary()
        if configuration.generation == .v1 {
            let request = try requests.createItem(draft, images: images, password: credentials.secret, boundary: boundary)
            return try v1Detail(from: try await send(request))
        }
        let request = try requests.create(draft, images: images, credentials: credentials, boundary: boundary)
        return try decode(ProductDetail.self, from: try await send(request))
    }

    public func updateProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        if configuration.generation == .v1 { return try await v1UpdateProduct(id: id, changes: changes, password: credentials.secret) }
        return try decode(ProductDetail.self, from: try await send(requests.update(id: id, changes: changes, credentials: credentials)))
    }

    public func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        if configuration.generation == .v1 { return try await v1DeleteProduct(id: id, password: credentials.secret) }
        let archived = try await send(requests.archive(id: id, credentials: credentials))
        guard (200..<300).contains(archived.status) else { throw Self.error(for: archived) }
        let answer = String(decoding: archived.body, as: UTF8.self)
        let request = switch configuration.generation {
        case .v2a: try requests.delete(id: id, productSecret: answer, credentials: credentials)
        case .v2b, .v1: try requests.delete(path: answer, credentials: credentials)
        }
        let deleted = try await send(request)
        return try decode(ProductDetail.self, from: deleted)
    }
}

extension OpenMarketClient {
    /// The bytes of a photo this server serves, by the URL one of its products names; `nil` for a URL on another
    /// origin (never fetched) or an answer other than 200. Bodies are capped like every answer.
    public func photo(at url: String) async throws(OpenMarketError) -> Data? {
        guard let request = requests.photo(url: url) else { return nil }
        let response = try await send(request)
        return response.status == 200 ? response.body : nil
    }
}

extension OpenMarketClient {
    struct RawResponse: Sendable {
        var status: Int
        var body: Data
    }

    static func boundary() -> String {
        "Boundary-\(UUID().uuidString)"
    }

    /// One deadline for the whole call, the retry included: `--upstream-timeout 10` means an answer or a 504
    /// within 10 seconds. Only a safe request whose connection failed (not one that timed out) is tried again.
    func send(_ request: MarketRequest) async throws(OpenMarketError) -> RawResponse {
        let deadline = NIODeadline.now() + .init(configuration.requestTimeout)
        do {
            return try await execute(request, deadline: deadline)
        } catch let error where request.isRetryable && error.isUnreachable && NIODeadline.now() < deadline {
            logger.warning("Retrying market request once", metadata: ["url": "\(request.url.path)", "error": "\(error.message)"])
            return try await execute(request, deadline: deadline)
        }
    }

    private func execute(_ request: MarketRequest, deadline: NIODeadline) async throws(OpenMarketError) -> RawResponse {
        var httpRequest = HTTPClientRequest(url: request.url.absoluteString)
        httpRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        for header in request.headers {
            httpRequest.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            httpRequest.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await httpClient.execute(httpRequest, deadline: deadline, logger: logger)
            let body = try await response.body.collect(upTo: configuration.maxResponseBytes)
            return RawResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch let error as HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout:
                throw .timeout
            default:
                throw .unreachable(String(describing: error))
            }
        } catch let error as NIOTooManyBytesError {
            throw .undecodableResponse("The response was larger than \(error.maxBytes.map(String.init) ?? "the") byte limit.")
        } catch {
            throw .unreachable(String(describing: error))
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, from response: RawResponse) throws(OpenMarketError) -> Value {
        guard (200..<300).contains(response.status) else { throw Self.error(for: response) }
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw .undecodableResponse("\(Value.self): \(error)")
        }
    }

    /// Maps a non-2xx answer to our error, keeping the server's own message where it sent one.
    static func error(for response: RawResponse) -> OpenMarketError {
        let body = try? JSONDecoder().decode(MarketErrorBody.self, from: response.body)
        let excerpt = String(decoding: response.body.prefix(300), as: UTF8.self)
        // Only a message the server wrote for people is shown; a raw body (an HTML error page, a JSON
        // document without `message`) stays in the excerpt, which is for logs.
        let message = body?.message ?? "The market server answered with status \(response.status)."
        switch response.status {
        case 400: return .malformed(message)
        case 401: return .unauthorized(message)
        case 403: return .forbidden(message)
        case 404: return .notFound(message)
        case 413: return .tooLarge(message)
        case 415: return .unsupportedMedia(message)
        case 422:
            let violations = body?.errors.flatMap { $0.isEmpty ? nil : $0 }?.map {
                OpenMarketError.Violation(field: $0.field.flatMap(OpenMarketError.Field.init(rawValue:)), message: $0.message)
            }
            return .invalid(violations ?? [OpenMarketError.Violation(field: nil, message: message)])
        case 507: return .storageFull
        default: return .upstreamStatus(response.status, bodyExcerpt: excerpt)
        }
    }
}

extension OpenMarketError {
    /// Failures where the server never saw or never answered the request, so a safe request may be repeated.
    var isTransient: Bool {
        switch self {
        case .timeout, .unreachable: true
        default: false
        }
    }

    /// A failed connection, as opposed to a slow answer.
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
