import Hummingbird

/// The request context of every route; the body limit is the market's, enforced before anything is parsed.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    public var maxUploadSize: Int { WebLimits.maxRequestBodyBytes }
}
