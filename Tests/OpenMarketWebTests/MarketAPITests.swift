import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketInput
import Testing
@testable import OpenMarketWeb

/// The embedded market speaks the OpenMarket v2 wire format over real HTTP.
@Suite("Market REST API", .timeLimit(.minutes(10)))
struct MarketAPITests {
    private func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(response.body.readableBytesView))
    }

    /// A product of the sample neighbour vendor, which the test vendor does not own.
    private func foreignProductID(_ client: some TestClientProtocol) async throws -> Int {
        try await client.execute(uri: "/api/products?page_no=1&items_per_page=100", method: .get) { response in
            let page = try decode(ProductPage.self, response)
            return try #require(page.products.first { $0.vendorName == "neighbor_vendor" }).id
        }
    }

    @Test func healthCheckerAnswersQuotedOK() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/healthChecker", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == "\"OK\"")
            }
        }
    }

    @Test func listUsesTheCamelCaseEnvelopeAndFloatPrices() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/api/products?page_no=2&items_per_page=5", method: .get) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? NSDictionary)
                #expect(object["pageNo"] as? Int == 2)
                #expect(object["itemsPerPage"] as? Int == 5)
                #expect(object["totalCount"] as? Int == 24)
                #expect(object["offset"] as? Int == 5)
                #expect(object["limit"] as? Int == 10)
                #expect(object["lastPage"] as? Int == 5)
                #expect(object["hasNext"] as? Bool == true)
                #expect(object["hasPrev"] as? Bool == true)
                let items = try #require(object["pages"] as? [NSDictionary])
                #expect(items.count == 5)
                let ids = items.compactMap { $0["id"] as? Int }
                #expect(ids == ids.sorted(by: >), "newest first")
                #expect(response.text.range(of: #""price":\d+\.\d+"#, options: .regularExpression) != nil)
                let keys = Set((items[0].allKeys as? [String]) ?? [])
                #expect(keys == [
                    "id", "vendor_id", "vendorName", "name", "description", "thumbnail", "currency", "price", "bargain_price",
                    "discounted_price", "stock", "created_at", "issued_at",
                ])
                let thumbnail = try #require(items[0]["thumbnail"] as? String)
                // Absolute, on the origin the client used (the test client sends `Host: localhost`).
                #expect(thumbnail.hasPrefix("http://localhost/images/") || thumbnail.hasPrefix("http://localhost:\(client.port ?? 0)/images/"))
            }
        }
    }

    @Test func pagePastTheEndIsNoContent() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/api/products?page_no=4&items_per_page=10", method: .get) { response in
                #expect(response.status == .noContent)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/api/products?page_no=3&items_per_page=10", method: .get) { response in
                #expect(response.status == .ok)
                let page = try decode(ProductPage.self, response)
                #expect(page.products.count == 4)
            }
        }
    }

    @Test func listRejectsNonNumericPaging() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/api/products?page_no=abc", method: .get) { response in
                #expect(response.status == .badRequest)
                let error = try response.marketError()
                #expect(error.message?.contains("page_no") == true)
            }
        }
    }

    @Test func searchValueFiltersCaseInsensitively() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/api/products?page_no=1&items_per_page=20&search_value=CAMERA", method: .get) { response in
                let page = try decode(ProductPage.self, response)
                #expect(page.totalCount >= 1)
                #expect(page.products.allSatisfy { "\($0.name) \($0.description)".localizedCaseInsensitiveContains("camera") })
            }
        }
    }

    @Test func createReturns201WithAbsoluteImageURLsThatServeTheBytes() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        let upload = try UploadBody.valid(imageCount: 2)
        try await app.stoppableTest(.live) { client in
            let before = try TestSupport.counts(in: config.dataDirectory)
            let detail = try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()
            ) { response in
                #expect(response.status == .created)
                return try decode(ProductDetail.self, response)
            }
            #expect(detail.name == "Ceramic Mug")
            #expect(detail.bargainPrice == 10_000)
            #expect(detail.images.count == 2)
            #expect(detail.thumbnailURL == detail.images[0].thumbnailURL)
            #expect(detail.vendor.name.isEmpty == false)
            let after = try TestSupport.counts(in: config.dataDirectory)
            #expect(after.products == before.products + 1)
            #expect(after.images == before.images + 2)

            let url = try #require(URL(string: detail.images[1].url))
            #expect(url.host == "localhost")
            #expect(url.path.hasSuffix("_origin.jpg"))
            let etag = try await client.execute(uri: url.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                // The upload decoded and re-encoded: a JPEG of the photo's own size.
                let header = try #require(ImageHeader.read(Array(response.body.readableBytesView)))
                #expect(header.kind == .jpeg && header.width == 320 && header.height == 320)
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: url.path, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    /// One hand-written body with every sloppiness real clients show (openmarket-api.md §1.11).
    @Test func createAcceptsTheSloppyFramingRealClientsSend() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        let image = try TestSupport.sampleImage()
        let boundary = "Boundary-SLOPPY-1"
        var body = ByteBuffer()
        // A leading CRLF, `form-data;name=` without a space, no part Content-Type, v2a's `descriptions` key,
        // a bare filename without extension, and no CRLF after the closing delimiter.
        body.writeString("\r\n--\(boundary)\r\nContent-Disposition:form-data;name=\"params\"\r\n\r\n")
        body.writeString(#"{"name":"Sloppy Client Mug","descriptions":"Sent by an app from 2022, with quirks.","price":5000,"currency":"KRW","secret":"test-secret-a1"}"#)
        body.writeString("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"3F2A1B\"\r\n\r\n")
        body.writeBytes(image)
        body.writeString("\r\n--\(boundary)--")
        let sloppyBody = body
        try await app.stoppableTest(.live) { client in
            let detail = try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "multipart/form-data; boundary=\"\(boundary)\""],
                body: sloppyBody
            ) { response in
                #expect(response.status == .created, "\(response.text)")
                return try decode(ProductDetail.self, response)
            }
            #expect(detail.description == "Sent by an app from 2022, with quirks.")
            #expect(detail.discountedPrice == 0)
            #expect(detail.stock == 0)
            #expect(detail.images.first?.url.hasSuffix("_origin.jpg") == true, "the extension names the stored JPEG")
        }
    }

    @Test func patchWithoutContentTypeChangesOnlyTheGivenFields() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let upload = try UploadBody.valid(imageCount: 2)
            let created = try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()
            ) { try decode(ProductDetail.self, $0) }
            let body = #"{"price":15000,"thumbnail_id":\#(created.images[1].id),"product_id":1,"secret":"test-secret-a1"}"#
            let updated = try await client.execute(
                uri: "/api/products/\(created.id)", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .ok, "\(response.text)")
                return try decode(ProductDetail.self, response)
            }
            #expect(updated.price == 15_000)
            #expect(updated.bargainPrice == 13_000)
            #expect(updated.thumbnailURL == created.images[1].thumbnailURL)
            #expect(updated.name == created.name)
            #expect(updated.stock == created.stock)
        }
    }

    @Test func updatesAndDeletesOfAnotherVendorsProductAre403AndChangeNothing() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let foreign = try await foreignProductID(client)
            let before = try await client.execute(uri: "/api/products/\(foreign)", method: .get) { $0.text }
            let countsBefore = try TestSupport.counts(in: config.dataDirectory)
            try await client.execute(
                uri: "/api/products/\(foreign)", method: .patch,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"name":"Taken over","secret":"test-secret-a1"}"#)
            ) { response in
                #expect(response.status == .forbidden)
                let error = try response.marketError()
                #expect(error.message?.contains("another vendor") == true)
            }
            try await client.execute(
                uri: "/api/products/\(foreign)/archived", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"secret":"test-secret-a1"}"#)
            ) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/products/\(foreign)", method: .get) { #expect($0.text == before) }
            #expect(try TestSupport.counts(in: config.dataDirectory) == countsBefore)
        }
    }

    @Test func patchWithWrongSecretIs401AndUnknownIdIs404() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let countsBefore = try TestSupport.counts(in: config.dataDirectory)
            try await client.execute(
                uri: "/api/products/1", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                body: ByteBuffer(string: #"{"stock":1,"secret":"wrong"}"#)
            ) { #expect($0.status == .unauthorized) }
            try await client.execute(
                uri: "/api/products/99999", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                body: ByteBuffer(string: #"{"stock":1,"secret":"test-secret-a1"}"#)
            ) { response in
                #expect(response.status == .notFound)
                let error = try response.marketError()
                #expect(error.path == "/api/products/99999")
            }
            try await client.execute(uri: "/api/products/99999", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(
                uri: "/api/products/1", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                body: ByteBuffer(string: #"{"stock":"many","secret":"test-secret-a1"}"#)
            ) { response in
                #expect(response.status == .unprocessableContent)
                let error = try response.marketError()
                #expect(error.errors?.first?.field == "stock")
            }
            #expect(try TestSupport.counts(in: config.dataDirectory) == countsBefore)
        }
    }

    @Test func archivedPathDeletesOnceInEitherForm() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let headers: HTTPFields = [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"]
            let secretBody = ByteBuffer(string: #"{"secret":"test-secret-a1"}"#)
            // v2b: the plain-text path is used verbatim.
            let path = try await client.execute(uri: "/api/products/1/archived", method: .post, headers: headers, body: secretBody) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
                return response.text
            }
            #expect(path.hasPrefix("/api/products/"))
            let token = String(path.dropFirst("/api/products/".count))
            #expect(Int(token) == nil, "a token cannot be mistaken for an id")
            try await client.execute(uri: path, method: .delete, headers: [.identifier: TestSupport.vendor.identifier]) { response in
                #expect(response.status == .ok)
                let deleted = try decode(ProductDetail.self, response)
                #expect(deleted.id == 1)
            }
            try await client.execute(uri: path, method: .delete, headers: [.identifier: TestSupport.vendor.identifier]) { response in
                #expect(response.status == .notFound, "a delete path works once")
            }
            try await client.execute(uri: "/api/products/1", method: .get) { #expect($0.status == .notFound) }

            // v2a: the token from `/secret`, deleted at `/api/products/{id}/{token}`.
            let v2aToken = try await client.execute(uri: "/api/products/2/secret", method: .post, headers: headers, body: secretBody) { $0.text }
            try await client.execute(uri: "/api/products/3/\(v2aToken)", method: .delete, headers: [.identifier: TestSupport.vendor.identifier]) {
                #expect($0.status == .notFound, "a token is bound to its product")
            }
            try await client.execute(uri: "/api/products/2/\(v2aToken)", method: .delete, headers: [.identifier: TestSupport.vendor.identifier]) {
                #expect($0.status == .ok)
            }
            let counts = try TestSupport.counts(in: config.dataDirectory)
            #expect(counts.products == 22)
            #expect(counts.tokens == 0)
        }
    }

    @Test func archivedWithWrongSecretIs401AndIssuesNothing() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            try await client.execute(
                uri: "/api/products/1/archived", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"secret":"wrong"}"#)
            ) { #expect($0.status == .unauthorized) }
            let counts = try TestSupport.counts(in: config.dataDirectory)
            #expect(counts.tokens == 0)
        }
    }

    @Test func unknownAPIPathIsAJSON404() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/api/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                let error = try response.marketError()
                #expect(error.status == 404)
                #expect(response.headers[HTTPField.Name("X-Request-Id")!] != nil)
            }
        }
    }
}
