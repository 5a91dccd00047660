import NIOCore

enum IPAddress {
    /// The address in `SocketAddress`'s own spelling, or `nil` when `text` is not an IPv4 or IPv6 address.
    static func normalized(_ text: String) -> String? {
        guard text.utf8.count <= 45, let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        return address.ipAddress
    }
}
