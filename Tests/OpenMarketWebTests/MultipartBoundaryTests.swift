import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// A `multipart/form-data` body whose Content-Type has no usable boundary — none, an empty one, one past the
/// 200 bytes RFC 2046 allows — is a malformed request (400) on every route that takes one, and writes nothing.
@Suite("Multipart bodies without a usable boundary", .timeLimit(.minutes(10)))
struct MultipartBoundaryTests {
    static let contentTypes = [
        "multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=\"\"",
        "multipart/form-data; boundary=\(String(repeating: "b", count: 201))",
    ]

    @Test(arguments: contentTypes)
    func everyRouteThatTakesMultipartAnswers400(contentType: String) async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.newProduct)
            let body = ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nFilm camera\r\n--b--\r\n")
            for uri in [SiteURLs.products, SiteURLs.delete(1), SiteURLs.edit(1), "/admin/login"] {
                let response = try await browser.send(uri, body: body, headers: [.contentType: contentType])
                #expect(response.status == .badRequest, "\(uri): \(response.status)")
            }
            for (uri, method) in [("/api/products", HTTPRequest.Method.post), ("/item", .post), ("/item/1", .patch)] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.contentType: contentType, .identifier: TestSupport.vendor.identifier], body: body)
                #expect(response.status == .badRequest, "\(method) \(uri): \(response.status)")
            }
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }
}
