/// What the shared layout shows around every page.
public struct Layout: Sendable {
    public var title: String
    public var language: String
    public var siteName: String
    public var homePath: String
    public var requestID: String?

    public init(title: String, requestID: String? = nil) {
        self.title = title
        self.language = "ko"
        self.siteName = "OpenMarket"
        self.homePath = SiteURL.home.path
        self.requestID = requestID
    }
}
