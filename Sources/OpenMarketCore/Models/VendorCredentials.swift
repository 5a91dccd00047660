/// Who acts on the market: the vendor's `identifier` (sent as a header) and its `secret` (sent in the body).
public struct VendorCredentials: Sendable, Hashable, CustomStringConvertible {
    public var identifier: String
    public var secret: String

    public init(identifier: String, secret: String) {
        self.identifier = identifier
        self.secret = secret
    }

    /// Never shows the secret, so credentials can be logged or interpolated by mistake without leaking it.
    public var description: String { "VendorCredentials(identifier: \(identifier), secret: <redacted>)" }
}
