import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Behind a load balancer every connection comes from the balancer: per-client limits (wrong passwords, sign-ins)
/// would then count every visitor as one. When the connection comes from an address the operator named as a proxy
/// (`--trusted-proxy`), the client is the nearest address of `X-Forwarded-For` that is not a trusted proxy itself
/// (each proxy appends the address it was reached from, so the right end is the part we can trust). From anyone
/// else the header is ignored: a client cannot choose the address it is counted under. The same goes for
/// `X-Forwarded-Proto`: only a trusted proxy can say the visitor reached it over HTTPS.
struct TrustedProxyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Addresses as `SocketAddress.ipAddress` writes them (`127.0.0.1`, `::1`).
    let proxies: Set<String>

    init(proxies: [String]) {
        self.proxies = Set(proxies.compactMap(Self.normalized))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let peer = context.remoteAddress?.ipAddress, proxies.contains(peer) else {
            return try await next(request, context)
        }
        var context = context
        context.forwardedClient = Self.client(forwardedFor: request.headers[values: .xForwardedFor], proxies: proxies)
        context.forwardedHTTPS = Self.isHTTPS(forwardedProto: request.headers[values: .xForwardedProto])
        return try await next(request, context)
    }

    /// Whether the proxy says it was reached over HTTPS: the last value it sent, as the nearest proxy appends.
    static func isHTTPS(forwardedProto values: [String]) -> Bool {
        let last = values.last?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
        return last?.lowercased() == "https"
    }

    /// The right-most address of the header's lists that is not a trusted proxy; `nil` when there is none or an
    /// entry is not an IP address (a malformed header is not trusted at all).
    static func client(forwardedFor values: [String], proxies: Set<String>) -> String? {
        let entries = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for entry in entries.reversed() {
            guard let address = normalized(entry) else { return nil }
            if !proxies.contains(address) { return address }
        }
        return nil
    }

    /// The address in `SocketAddress`'s own spelling, or `nil` when `text` is not an IPv4 or IPv6 address.
    static func normalized(_ text: String) -> String? {
        IPAddress.normalized(text)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
}
