import Foundation

/// The JSON error body of the market API, in the Spring Boot shape `{timestamp, status, error, message, path}`,
/// plus `errors` listing each broken rule with its field, so clients can point at the right form field.
public struct MarketErrorBody: Sendable, Hashable, Decodable {
    public struct FieldError: Sendable, Hashable, Decodable {
        public var field: String?
        public var message: String

        public init(field: String?, message: String) {
            self.field = field
            self.message = message
        }
    }

    public var timestamp: String?
    public var status: Int
    public var error: String?
    public var message: String?
    public var path: String?
    public var errors: [FieldError]?

    public init(status: Int, error: String, message: String, path: String, errors: [FieldError]? = nil, at date: Date = Date()) {
        self.timestamp = date.formatted(.iso8601)
        self.status = status
        self.error = error
        self.message = message
        self.path = path
        self.errors = errors
    }

    public var wireJSON: WireJSON {
        var members: [(String, WireJSON)] = [
            ("timestamp", timestamp.map(WireJSON.string) ?? .null),
            ("status", .int(status)),
            ("error", error.map(WireJSON.string) ?? .null),
            ("message", message.map(WireJSON.string) ?? .null),
            ("path", path.map(WireJSON.string) ?? .null),
        ]
        if let errors {
            members.append(("errors", .array(errors.map { .object([("field", $0.field.map(WireJSON.string) ?? .null), ("message", .string($0.message))]) })))
        }
        return .object(members)
    }
}
