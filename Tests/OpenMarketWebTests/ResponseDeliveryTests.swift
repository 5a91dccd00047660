import CompressNIO
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Pages, JSON and assets: gzip when asked, entity tags from the bytes, 304 when unchanged.
@Suite("Response delivery", .timeLimit(.minutes(10)))
struct ResponseDeliveryTests {
    static func gunzip(_ buffer: ByteBuffer) throws -> String {
        var input = buffer
        return String(buffer: try input.decompress(with: .gzip()))
    }

    @Test func pagesJSONAndAssetsAreGzippedForClientsThatAskOnly() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            for uri in ["/products", "/api/products", "/css/site.css", "/js/app.js"] {
                let plain = try await client.execute(uri: uri, method: .get)
                #expect(plain.status == .ok)
                #expect(plain.headers[.contentEncoding] == nil, "\(uri)")
                let zipped = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"])
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(zipped.headers[.vary]?.contains("Accept-Encoding") == true, "\(uri)")
                #expect(zipped.body.readableBytes < plain.body.readableBytes / 2, "\(uri): \(zipped.body.readableBytes) of \(plain.body.readableBytes)")
                #expect(try Self.gunzip(zipped.body) == plain.text || uri == "/products", "\(uri)")
                if uri == "/products" {
                    // The page carries the visitor's fresh CSRF token; everything else must match.
                    #expect(try Self.gunzip(zipped.body).contains("<h1>"))
                }
                let refused = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip;q=0"])
                #expect(refused.headers[.contentEncoding] == nil, "\(uri)")
            }
        }
    }

    @Test func anUnchangedPageAnswers304AndAChangedOneItsNewContent() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            var browser = StorefrontBrowser(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await browser.get("/products/\(lantern.id)")
            let first = try await browser.get("/products/\(lantern.id)")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("W/\""))
            // The page holds the visitor's like button (their likes, their form token): theirs alone.
            #expect(first.headers[.cacheControl] == "private, no-cache")
            let again = try await browser.get("/products/\(lantern.id)", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            // Change the product through the API: the same conditional request now gets the new page.
            let patched = try await client.execute(
                uri: "/api/products/\(lantern.id)", method: .patch,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"stock": 77, "secret": "\#(TestSupport.vendor.secret)"}"#))
            #expect(patched.status == .ok)
            let changed = try await browser.get("/products/\(lantern.id)", headers: [.ifNoneMatch: etag])
            #expect(changed.status == .ok)
            #expect(changed.text.contains("77"))
        }
    }

    @Test func theConsoleIsNeverStoredAndTheExportStreamsAsItIs() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let table = try await admin.get("/admin/products")
            #expect(table.headers[.cacheControl] == "no-store")
            let csv = try await admin.get("/admin/export.csv", headers: [.acceptEncoding: "gzip"])
            #expect(csv.headers[.contentEncoding] == nil)
            #expect(csv.text.contains("id,name,vendor"))
        }
    }
}
