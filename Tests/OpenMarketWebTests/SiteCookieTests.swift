import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import OpenMarketWeb

@Suite("Set-Cookie headers", .timeLimit(.minutes(10)))
struct SiteCookieTests {
    @Test func attributesComeInOneOrderWithTheLifetimeOnlyWhenThereIsOne() {
        #expect(
            VisitorMiddleware.cookie("recent", "24.7", maxAge: 7_776_000).header
                == "recent=24.7; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax")
        #expect(VisitorMiddleware.cookie("csrf", "ab", maxAge: nil).header == "csrf=ab; Path=/; HttpOnly; SameSite=Lax")
        #expect(
            AdminSessionMiddleware.cookie("", maxAge: 0).header
                == "\(AdminSessionMiddleware.cookieName)=; Path=\(AdminURL.cookiePath); Max-Age=0; HttpOnly; SameSite=Strict")
    }

    /// A first visit to a product page gets the CSRF cookie and the recently viewed list, each in a header of its
    /// own, with the same attributes every time.
    @Test func aFirstVisitGetsEachCookieInAHeaderOfItsOwn() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/products/1", method: .get)
                #expect(response.status == .ok)
                let cookies = response.headers[values: .setCookie]
                #expect(cookies.count == 2)
                #expect(cookies.contains("recent=1; Path=/; Max-Age=\(ProductTrail.recent.maxAge); HttpOnly; SameSite=Lax"))
                let csrf = try #require(cookies.first { $0.hasPrefix("csrf=") })
                #expect(csrf.wholeMatch(of: /csrf=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax/) != nil)
            }
        }
    }
}
