import Hummingbird
import OpenMarketCore

/// What a failed request answers: decided in one place for every error type of every layer.
struct ErrorPresentation: Sendable {
    var status: HTTPResponse.Status
    /// A sentence for people; never the raw error, never a secret.
    var message: String
    var violations: [OpenMarketError.Violation]
    /// Our own failure: logged with the request id, its details never shown.
    var isOurFault: Bool
    /// A refusal from the web layer itself, for a more specific page.
    var webError: WebError?
    /// For throttled requests: when to try again (the `Retry-After` header).
    var retryAfterSeconds: Int?
    /// For a method an address does not take: the ones it takes (the `Allow` header).
    var allowedMethods: [HTTPRequest.Method]?

    init(_ error: any Error) {
        switch error {
        case let error as OpenMarketError:
            self.init(marketError: error)
        case let error as WebError:
            let status: HTTPResponse.Status = switch error {
            case .csrfRejected, .crossSiteRequest: .forbidden
            case .tooManyAttempts: .tooManyRequests
            case .writesDisabled: .serviceUnavailable
            case .badForm: .badRequest
            case .hostNotAllowed: .misdirectedRequest
            case .methodNotAllowed: .methodNotAllowed
            }
            let message = switch error {
            case .csrfRejected, .crossSiteRequest: "The form's security token is missing or wrong."
            case .tooManyAttempts(let seconds): "Too many attempts; try again in \(seconds) seconds."
            case .writesDisabled: "This server has no vendor credentials for writing."
            case .badForm(let detail): detail
            case .hostNotAllowed: "The admin console does not answer to this host name."
            case .methodNotAllowed(let allowed):
                "This address takes only " + allowed.map(\.rawValue).joined(separator: ", ") + "."
            }
            self.init(status: status, message: message, violations: [], isOurFault: false)
            webError = error
            if case .tooManyAttempts(let seconds) = error { retryAfterSeconds = seconds }
            if case .methodNotAllowed(let allowed) = error { allowedMethods = allowed }
        case let error as HTTPError:
            let status = error.status
            let message: String = switch status {
            case .notFound: "There is nothing at this address."
            case .contentTooLarge: "The request body is larger than \(WebLimits.maxRequestBodyBytes) bytes."
            case .methodNotAllowed: "This address does not accept that method."
            default: error.body ?? status.reasonPhrase
            }
            self.init(status: status, message: message, violations: [], isOurFault: status.code >= 500)
        default:
            self.init(status: .internalServerError, message: "Something went wrong on our side.", violations: [], isOurFault: true)
        }
    }

    /// The headers that go with the status: when to try again, which methods to use.
    func addHeaders(to response: inout Response) {
        if let retryAfterSeconds { response.headers[.retryAfter] = String(retryAfterSeconds) }
        if let allowedMethods { response.headers[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ") }
    }

    init(status: HTTPResponse.Status, message: String, violations: [OpenMarketError.Violation], isOurFault: Bool) {
        self.status = status
        self.message = message
        self.violations = violations
        self.isOurFault = isOurFault
    }

    private init(marketError error: OpenMarketError) {
        let status: HTTPResponse.Status = switch error {
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .invalid: .unprocessableContent
        case .malformed: .badRequest
        case .tooLarge: .contentTooLarge
        case .unsupportedMedia: .unsupportedMediaType
        case .upstreamStatus, .unreachable, .undecodableResponse: .badGateway
        case .timeout: .gatewayTimeout
        case .storeFailure: .internalServerError
        case .storageFull: .insufficientStorage
        case .unavailable: .serviceUnavailable
        }
        var violations: [OpenMarketError.Violation] = []
        if case .invalid(let list) = error { violations = list }
        self.init(status: status, message: error.message, violations: violations, isOurFault: status == .internalServerError)
        if case .unavailable(let seconds) = error { retryAfterSeconds = seconds }
    }
}
