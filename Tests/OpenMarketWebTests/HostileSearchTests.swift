import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// What a person types into any search box is text, never search syntax: the storefront, the console and the API
/// answer each hostile string normally, and a typed `OR` matches only products that contain it.
@Suite("Hostile search text", .timeLimit(.minutes(10)))
struct HostileSearchTests {
    static let hostile: [String] = [
        "\"", "\"\"", "*", "NEAR(", "NEAR(a b)", "^", "-", "(", ")", "col:x", "name:camera", "OR", "AND", "NOT", "a OR b",
        "\"\u{301}abc", "\"\u{301} OR \"\u{301}", "e\u{301}", "\u{200D}", "👨\u{200D}👩\u{200D}👧", "\u{FEFF}abc", "abc\u{0}def", "\u{0}",
        "\u{202E}abc", "a\u{AD}b", "\t\n\r", "'; DROP TABLE product; --", "%_\\", "{a b}", "a + b", "\u{1}\u{7F}",
        String(repeating: "\"x", count: 300),
    ]

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    @Test func everyEntryPointAnswersEveryHostileStringNormally() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            for text in Self.hostile {
                let query = Self.escaped(text)
                let storefront = try await client.execute(uri: "/products?q=\(query)", method: .get)
                #expect(storefront.status == .ok, "storefront: \(text.debugDescription.prefix(40)) → \(storefront.status)")
                let console = try await admin.get("/admin/products?q=\(query)")
                #expect(console.status == .ok, "console: \(text.debugDescription.prefix(40)) → \(console.status)")
                let api = try await client.execute(uri: "/api/products?search_value=\(query)", method: .get)
                #expect(api.status == .ok || api.status == .noContent, "API: \(text.debugDescription.prefix(40)) → \(api.status)")
            }
        }
    }

    @Test func aTypedOrFindsOnlyProductsContainingIt() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let all = try await MarketProbe.products(via: client)
            let response = try await client.execute(uri: "/api/products?items_per_page=100&search_value=\(Self.escaped("\" OR \""))", method: .get)
            let expected = all.filter { ($0.name + " " + $0.description).localizedCaseInsensitiveContains("\" OR \"") }
            if response.status == .noContent {
                #expect(expected.isEmpty)
            } else {
                let page = try JSONDecoder().decode(ProductPage.self, from: Data(response.body.readableBytesView))
                #expect(page.products.count == expected.count, "\(page.products.map(\.name))")
            }
            let orOnly = try await client.execute(uri: "/api/products?items_per_page=100&search_value=OR", method: .get)
            let containing = all.filter { ($0.name + " " + $0.description).localizedCaseInsensitiveContains("or") }
            let found = orOnly.status == .noContent ? [] : try JSONDecoder().decode(ProductPage.self, from: Data(orOnly.body.readableBytesView)).products
            #expect(Set(found.map(\.id)) == Set(containing.map(\.id)))
            #expect(found.count < all.count, "OR is a word to look for, not an operator that matches everything")
        }
    }
}
