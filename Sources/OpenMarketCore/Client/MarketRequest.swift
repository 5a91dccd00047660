import Foundation

/// A request to the market as plain values, built by pure functions and only then handed to the HTTP client,
/// so what goes over the wire can be checked without a network.
public struct MarketRequest: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET", post = "POST", patch = "PATCH", delete = "DELETE"
    }

    public var method: Method
    public var url: URL
    /// Header names in lower case, in the order they are sent.
    public var headers: [(name: String, value: String)]
    public var body: Data?

    public init(method: Method, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name == name.lowercased() }?.value
    }

    /// Only GETs are safe to send twice.
    public var isRetryable: Bool { method == .get }

    public static func == (lhs: MarketRequest, rhs: MarketRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(body)
    }
}
