import Hummingbird
import NIOCore

/// The request context of every route; the body limit is the market's, enforced before anything is parsed.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who is asking, for per-client limits such as repeated wrong passwords.
    public let remoteAddress: SocketAddress?
    /// Language, CSRF token, flash message and view choice of this visitor, set by `VisitorMiddleware`.
    var visitor = Visitor()

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    public var maxUploadSize: Int { WebLimits.maxRequestBodyBytes }

    /// The client's address without the port, as a key for rate limits.
    var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}
