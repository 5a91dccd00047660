import HTTPTypes
import HummingbirdTesting
import Testing
@testable import OpenMarketWeb

/// Behind a load balancer the operator names, the client of per-client limits is the one it forwarded for; nobody
/// else can choose the address they are counted under.
@Suite("Trusted proxies", .timeLimit(.minutes(10)))
struct TrustedProxyTests {
    static let proxies: Set<String> = ["127.0.0.1", "10.0.0.2"]

    @Test func theNearestUntrustedAddressIsTheClient() {
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["203.0.113.7"], proxies: Self.proxies) == "203.0.113.7")
        // A client may write anything at the left end; the proxies append on the right, which is what counts.
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["1.2.3.4, 203.0.113.7"], proxies: Self.proxies) == "203.0.113.7")
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["198.51.100.1, 203.0.113.7, 10.0.0.2"], proxies: Self.proxies) == "203.0.113.7")
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["198.51.100.1", "203.0.113.9"], proxies: Self.proxies) == "203.0.113.9")
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["2001:db8::1"], proxies: Self.proxies) == "2001:db8::1")
    }

    @Test func aMalformedOrEmptyHeaderNamesNoClient() {
        #expect(TrustedProxyMiddleware.client(forwardedFor: [], proxies: Self.proxies) == nil)
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["not-an-address"], proxies: Self.proxies) == nil)
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["203.0.113.7, unknown"], proxies: Self.proxies) == nil)
        #expect(TrustedProxyMiddleware.client(forwardedFor: ["127.0.0.1, 10.0.0.2"], proxies: Self.proxies) == nil)
        #expect(TrustedProxyMiddleware.client(forwardedFor: [String(repeating: "1", count: 5000)], proxies: Self.proxies) == nil)
    }

    @Test func addressesAreComparedInOneSpelling() {
        #expect(TrustedProxyMiddleware.normalized("::ffff:127.0.0.1") != nil)
        #expect(TrustedProxyMiddleware.normalized("2001:DB8:0:0:0:0:0:1") == TrustedProxyMiddleware.normalized("2001:db8::1"))
        #expect(TrustedProxyMiddleware.normalized("127.0.0.1:80") == nil)
        #expect(AppConfiguration.isIPAddress("10.0.0.2") && !AppConfiguration.isIPAddress("example.com"))
    }
}

/// The same over real HTTP: wrong admin passwords from two clients behind one trusted proxy count apart; without
/// the option the header is ignored and every guess counts for the connection's address.
@Suite("Trusted proxies over HTTP", .timeLimit(.minutes(10)))
struct TrustedProxyHTTPTests {
    static func guesses(_ admin: inout AdminClient, from client: String, count: Int) async throws -> [HTTPResponse.Status] {
        var statuses: [HTTPResponse.Status] = []
        for attempt in 1...count {
            try await admin.get("/admin/login")
            let answer = try await admin.browser.post(
                "/admin/login", fields: [("password", "wrong-guess-\(attempt)")], headers: [.xForwardedFor: client])
            statuses.append(answer.status)
        }
        return statuses
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnCount() async throws {
        var config = AdminClient.configuration()
        config.trustedProxies = ["127.0.0.1", "::1"]
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            var first = AdminClient(client)
            let firstStatuses = try await Self.guesses(&first, from: "203.0.113.7", count: 4)
            #expect(firstStatuses == [.unauthorized, .unauthorized, .unauthorized, .tooManyRequests])
            var second = AdminClient(client)
            let secondStatuses = try await Self.guesses(&second, from: "203.0.113.8", count: 1)
            #expect(secondStatuses == [.unauthorized])
        }
    }

    @Test func withoutTheOptionTheHeaderIsIgnored() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            var admin = AdminClient(client)
            var statuses: [HTTPResponse.Status] = []
            for address in ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"] {
                statuses += try await Self.guesses(&admin, from: address, count: 1)
            }
            #expect(statuses == [.unauthorized, .unauthorized, .unauthorized, .tooManyRequests])
        }
    }
}
