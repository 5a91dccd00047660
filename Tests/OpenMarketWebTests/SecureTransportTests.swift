import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import OpenMarketWeb

/// Over HTTPS — an `https` public URL, or a trusted proxy saying so — every cookie is `Secure` and HSTS is sent;
/// nobody else can claim HTTPS for a request.
@Suite("Cookies and HSTS over HTTPS", .timeLimit(.minutes(10)))
struct SecureTransportTests {
    static func expectSecure(_ response: TestResponse, _ secure: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let cookies = response.headers[values: .setCookie]
        #expect(!cookies.isEmpty, sourceLocation: sourceLocation)
        for cookie in cookies {
            #expect(cookie.hasSuffix("; Secure") == secure, "\(cookie)", sourceLocation: sourceLocation)
        }
        #expect((response.headers[.strictTransportSecurity] == SecurityHeadersMiddleware.strictTransportSecurity) == secure,
            sourceLocation: sourceLocation)
    }

    @Test func withAnHTTPSPublicURLEveryCookieIsSecureAndHSTSIsSent() async throws {
        var config = AdminClient.configuration()
        config.publicURL = URL(string: "https://market.example")
        let app = try await buildApplication(config)
        try await app.stoppableTest(.router) { client in
            Self.expectSecure(try await client.execute(uri: "/products/1", method: .get), true)
            var admin = AdminClient(client)
            let signedIn = try await admin.signIn()
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.setCookie(AdminClient.sessionCookie) != nil)
            Self.expectSecure(signedIn, true)
        }
    }

    @Test(.timeLimit(.minutes(5))) func behindATrustedProxyItsForwardedProtoDecides() async throws {
        var config = AdminClient.configuration()
        config.trustedProxies = ["127.0.0.1", "::1"]
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            var overHTTPS = AdminClient(client)
            overHTTPS.browser.defaultHeaders[.xForwardedProto] = "https"
            Self.expectSecure(try await overHTTPS.get("/admin/login"), true)
            let signedIn = try await overHTTPS.signIn()
            #expect(signedIn.setCookie(AdminClient.sessionCookie)?.hasSuffix("; Secure") == true)
            var plain = AdminClient(client)
            Self.expectSecure(try await plain.get("/admin/login"), false)
        }
    }

    @Test(.timeLimit(.minutes(5))) func anyoneElseSayingHTTPSChangesNothing() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            var browser = AdminClient(client)
            browser.browser.defaultHeaders[.xForwardedProto] = "https"
            Self.expectSecure(try await browser.get("/admin/login"), false)
        }
    }

    @Test func onlyTheNearestProxysWordCounts() {
        #expect(TrustedProxyMiddleware.isHTTPS(forwardedProto: ["https"]))
        #expect(TrustedProxyMiddleware.isHTTPS(forwardedProto: ["http, HTTPS"]))
        #expect(!TrustedProxyMiddleware.isHTTPS(forwardedProto: ["https, http"]))
        #expect(!TrustedProxyMiddleware.isHTTPS(forwardedProto: []))
    }
}
