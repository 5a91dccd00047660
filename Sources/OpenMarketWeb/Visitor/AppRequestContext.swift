import Hummingbird
import NIOCore

/// The request context of every route; the body limit is the market's, enforced before anything is parsed.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who is asking, for per-client limits such as repeated wrong passwords.
    public let remoteAddress: SocketAddress?
    /// The address the connection reached us on: the answer when a request's `Host` is not one we trust.
    let localAddress: SocketAddress?
    /// Language, CSRF token, flash message and view choice of this visitor, set by `VisitorMiddleware`.
    var visitor = Visitor()
    /// The path came with one trailing slash, which `CanonicalPathMiddleware` took off before routing: the APIs answer
    /// as without it, pages redirect to the path without it (`TrailingSlashRedirect`).
    var trailingSlash = false

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.localAddress = source.channel.localAddress
    }

    public var maxUploadSize: Int { WebLimits.maxRequestBodyBytes }

    /// The client behind a trusted proxy, from `X-Forwarded-For` (`TrustedProxyMiddleware`); `nil` otherwise.
    var forwardedClient: String?
    /// A trusted proxy says the visitor reached it over HTTPS (`X-Forwarded-Proto`).
    var forwardedHTTPS = false

    /// The client's address without the port, as a key for rate limits: behind a trusted proxy, the address it
    /// forwarded for.
    var clientKey: String { forwardedClient ?? remoteAddress?.ipAddress ?? "unknown" }

    /// The product id of a route with an `:id` parameter; anything but a positive number spelled as our links spell
    /// it (`PathNumber`) is a 404.
    func productID() throws(HTTPError) -> Int {
        guard let id = PathNumber.positive(parameters.get("id")) else { throw HTTPError(.notFound) }
        return id
    }
}
