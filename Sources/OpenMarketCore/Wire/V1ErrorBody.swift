/// The first generation's error body, in the shape of its Vapor server: `{"error": true, "reason": "Not Found"}`.
public struct V1ErrorBody: Sendable, Hashable, Decodable {
    public var error: Bool
    public var reason: String

    public init(reason: String) {
        self.error = true
        self.reason = reason
    }
}
