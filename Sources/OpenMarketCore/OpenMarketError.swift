/// Everything that can go wrong when using an OpenMarket backend, embedded or remote.
public enum OpenMarketError: Error, Sendable, Hashable {
    /// The product (or delete token) does not exist.
    case notFound(String)
    /// Unknown `identifier` or a secret that does not match it.
    case unauthorized(String)
    /// The vendor is known but may not touch this product.
    case forbidden(String)
    /// The request broke the API's rules; one entry per broken rule.
    case invalid([Violation])
    /// The request is not well formed (framing, JSON, missing parts).
    case malformed(String)
    /// The body, or an image in it, is larger than allowed.
    case tooLarge(String)
    /// Content that is not what it claims to be, such as text labelled as an image.
    case unsupportedMedia(String)
    /// The upstream server answered with a status we do not map, with the start of its body.
    case upstreamStatus(Int, bodyExcerpt: String)
    /// The upstream server did not answer in time.
    case timeout
    /// The upstream server could not be reached.
    case unreachable(String)
    /// The upstream server answered something we could not decode.
    case undecodableResponse(String)
    /// The embedded store failed (disk, database); details go to the log, not to users.
    case storeFailure(String)
    /// The embedded store's disk is full: nothing was written, and trying later may work.
    case storageFull
    /// The embedded store's database does not answer (stopped, unreachable, or no connection free in time): trying
    /// again after this many seconds may work.
    case unavailable(retryAfterSeconds: Int)
}

extension OpenMarketError {
    /// A broken rule, tied to the request field it concerns when there is one. Our own market names the rule
    /// (`rule`), so a page can say it in its language; a remote server's violations carry only its sentence.
    public struct Violation: Sendable, Hashable {
        public var field: Field?
        public var message: String
        public var rule: ProductRule?

        public init(field: Field?, message: String) {
            self.field = field
            self.message = message
            self.rule = nil
        }

        public init(_ rule: ProductRule) {
            self.field = rule.field
            self.message = rule.message
            self.rule = rule
        }
    }

    /// The request fields a violation can point at; raw values are the wire keys.
    public enum Field: String, Sendable, Hashable, CaseIterable, Codable {
        case name, description, price, currency, stock, images, secret
        case discountedPrice = "discounted_price"
        case thumbnailID = "thumbnail_id"
    }

    /// One human sentence for the error, safe to show: it never contains secrets.
    public var message: String {
        switch self {
        case .notFound(let text), .unauthorized(let text), .forbidden(let text), .malformed(let text),
            .tooLarge(let text), .unsupportedMedia(let text):
            text
        case .invalid(let violations):
            violations.map(\.message).joined(separator: " ")
        case .upstreamStatus(let status, _):
            "The market server answered with status \(status)."
        case .timeout:
            "The market server did not answer in time."
        case .unreachable:
            "The market server could not be reached."
        case .undecodableResponse:
            "The market server sent a response we could not read."
        case .storeFailure:
            "The market's storage failed."
        case .storageFull:
            "The market's storage is full; nothing was saved. Try again later."
        case .unavailable(let seconds):
            "The market's database is not answering; try again in \(seconds) seconds."
        }
    }
}
