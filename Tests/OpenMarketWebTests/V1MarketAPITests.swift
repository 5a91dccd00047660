import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The first OpenMarket generation's API, over real HTTP: items at the root, a password per item, Vapor's errors.
@Suite("v1 API", .timeLimit(.minutes(10)))
struct V1MarketAPITests {
    private func item(_ response: TestResponse) throws -> V1Item {
        try JSONDecoder().decode(V1Item.self, from: Data(response.body.readableBytesView))
    }

    private func json(_ response: TestResponse) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? NSDictionary)
    }

    /// Vapor's error shape, and nothing else in it.
    private func expectVaporError(_ response: TestResponse, _ status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.status == status, sourceLocation: sourceLocation)
        let object = try json(response)
        #expect(object["error"] as? Bool == true, sourceLocation: sourceLocation)
        #expect((object["reason"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(object.count == 2, sourceLocation: sourceLocation)
    }

    private func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, form: V1ItemBody
    ) async throws -> TestResponse {
        try await client.execute(uri: path, method: method, headers: [.contentType: form.contentType], body: try form.buffer()) { $0 }
    }

    private func create(
        _ client: some TestClientProtocol, password: String = "mug-pass-1", imageNames: [String] = ["mug-1.png"]
    ) async throws -> V1Item {
        let images = try imageNames.map { try TestSupport.sampleImage($0) }
        let response = try await send(client, .post, "/item", form: .newItem(password: password, images: images))
        #expect(response.status == .ok, "\(response.text)")
        return try item(response)
    }

    private func deleteBody(_ object: [String: Any]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    @Test func createListShowPatchAndDeleteAnItem() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let before = try TestSupport.counts(in: config.dataDirectory)

            // Created: the v1 shape, with the sale price, both photos and the time of registration.
            let created = try await create(client, imageNames: ["mug-1.png", "kettle-1.png"])
            #expect(created.title == "Ceramic Mug")
            #expect(created.descriptions == "Glazed stoneware mug, 350 ml, dishwasher safe.")
            #expect(created.price == 12000)
            #expect(created.discountedPrice == 10000)
            #expect(created.stock == 7)
            #expect(created.images?.count == 2)
            #expect(created.thumbnails.count == 2)
            #expect(abs(created.registrationDate - Date().timeIntervalSince1970) < 60)
            #expect(try TestSupport.counts(in: config.dataDirectory) == .init(products: before.products + 1, images: before.images + 2, tokens: 0))
            let thumbnail = try #require(created.thumbnails.first.flatMap(URL.init(string:)))
            try await client.execute(uri: thumbnail.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg", "thumbnails are JPEG, whatever was uploaded")
            }

            // One catalogue: the v2 API shows the same product, with the discount as an amount.
            try await client.execute(uri: "/api/products/\(created.id)", method: .get) { response in
                let detail = try JSONDecoder().decode(ProductDetail.self, from: Data(response.body.readableBytesView))
                #expect(detail.name == "Ceramic Mug")
                #expect(detail.discountedPrice == 2000)
            }

            // Listed: newest first, twenty a page, an empty page past the end.
            try await client.execute(uri: "/items/1", method: .get) { response in
                #expect(response.status == .ok)
                let page = try JSONDecoder().decode(V1ItemPage.self, from: Data(response.body.readableBytesView))
                #expect(page.page == 1)
                #expect(page.items.count == 20)
                #expect(page.items.first?.id == created.id)
                #expect(page.items.first?.discountedPrice == 10000)
                #expect(page.items.allSatisfy { $0.descriptions == nil && $0.images == nil })
                let keys = Set((try json(response)["items"] as? [NSDictionary])?.first?.allKeys as? [String] ?? [])
                #expect(keys == ["id", "title", "price", "currency", "stock", "discounted_price", "thumbnails", "registration_date"])
            }
            try await client.execute(uri: "/items/2", method: .get) { response in
                let page = try JSONDecoder().decode(V1ItemPage.self, from: Data(response.body.readableBytesView))
                #expect(page.items.count == before.products + 1 - 20)
            }
            try await client.execute(uri: "/items/3", method: .get) { response in
                #expect(response.status == .ok)
                let object = try json(response)
                #expect(object == NSDictionary(dictionary: ["page": 3, "items": [Any]()]))
            }
            let shown = try await client.execute(uri: "/item/\(created.id)", method: .get) { response in try item(response) }
            #expect(shown == created)

            // A password alone checks it and changes nothing.
            let check = try await send(client, .patch, "/item/\(created.id)", form: V1ItemBody(texts: [("password", "mug-pass-1")]))
            #expect(check.status == .ok)
            #expect(try item(check) == created)

            // A new price keeps the sale price, as the v1 server kept it.
            let patched = try await send(
                client, .patch, "/item/\(created.id)",
                form: V1ItemBody(texts: [("title", "Blue Mug"), ("price", "15000"), ("password", "mug-pass-1")]))
            #expect(patched.status == .ok, "\(patched.text)")
            let changed = try item(patched)
            #expect(changed.title == "Blue Mug")
            #expect(changed.price == 15000)
            #expect(changed.discountedPrice == 10000)
            #expect(changed.images == created.images)

            // `images[]` replaces the photos: the old ones are gone from the store and from their URLs.
            var photo = V1ItemBody(texts: [("password", "mug-pass-1")])
            photo.images = [("new.jpeg", try TestSupport.sampleImage("chair-1.png"))]
            let replaced = try item(try await send(client, .patch, "/item/\(created.id)", form: photo))
            #expect(replaced.images?.count == 1)
            #expect(replaced.title == "Blue Mug")
            #expect(Set(replaced.images ?? []).isDisjoint(with: created.images ?? []))
            #expect(try TestSupport.counts(in: config.dataDirectory).images == before.images + 1)
            // The history says the photos were replaced: two before, one after.
            let history = try await DatabaseQueue(path: config.dataDirectory.appending(path: "web.sqlite").path).read { db in
                try String.fetchOne(
                    db, sql: "SELECT changes FROM auditEvent WHERE productId = ? ORDER BY id DESC LIMIT 1", arguments: [created.id])
            }
            #expect(history?.contains(#""field":"images""#) == true, "\(history ?? "nil")")
            #expect(history?.contains(#""old":"2""#) == true)
            try await client.execute(uri: thumbnail.path, method: .get) { response in
                #expect(response.status == .notFound)
            }

            // Deleted with `{"password"}`: the answer is the item as it was; then it is gone.
            try await client.execute(
                uri: "/item/\(created.id)", method: .delete, headers: [.contentType: "application/json"],
                body: try deleteBody(["password": "mug-pass-1"])
            ) { response in
                #expect(response.status == .ok)
                let deleted = try item(response)
                #expect(deleted.id == created.id)
                #expect(deleted.title == "Blue Mug")
            }
            try await client.execute(uri: "/item/\(created.id)", method: .get) { response in
                try expectVaporError(response, .notFound)
            }
            #expect(try TestSupport.counts(in: config.dataDirectory) == before)
        }
    }

    @Test func firstServerDeleteAnswersOnlyTheID() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let created = try await create(client)
            // The first server's apps send no Content-Type and the id again.
            try await client.execute(
                uri: "/item/\(created.id)", method: .delete, body: try deleteBody(["id": created.id, "password": "mug-pass-1"])
            ) { response in
                #expect(response.status == .ok)
                let object = try json(response)
                #expect(object == NSDictionary(dictionary: ["id": created.id]))
            }
            try await client.execute(uri: "/item/\(created.id)", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func wrongPasswordsAreRefusedAndThenThrottled() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let created = try await create(client)
            let attempt = V1ItemBody(texts: [("title", "Stolen Mug"), ("password", "wrong-guess")])
            for _ in 0..<GuessThrottle.perClientAndSubject.freeMisses {
                try expectVaporError(try await send(client, .patch, "/item/\(created.id)", form: attempt), .unauthorized)
            }
            // Past the free misses even the right password waits, before any bcrypt.
            let blocked = try await send(client, .patch, "/item/\(created.id)", form: V1ItemBody(texts: [("password", "mug-pass-1")]))
            try expectVaporError(blocked, .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 >= 1)
            try await client.execute(
                uri: "/item/\(created.id)", method: .delete, headers: [.contentType: "application/json"],
                body: try deleteBody(["password": "mug-pass-1"])
            ) { response in
                try expectVaporError(response, .tooManyRequests)
            }
            let shown = try await client.execute(uri: "/item/\(created.id)", method: .get) { response in try item(response) }
            #expect(shown == created)
        }
    }

    @Test func refusedRequestsChangeNothing() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let created = try await create(client)
            let before = try TestSupport.counts(in: config.dataDirectory)
            let image = try TestSupport.sampleImage()

            var missingTitle = V1ItemBody.newItem(images: [image])
            missingTitle.texts.removeAll { $0.0 == "title" }
            let missing = try await send(client, .post, "/item", form: missingTitle)
            try expectVaporError(missing, .badRequest)
            #expect(missing.text.contains("title"))

            var dearerSale = V1ItemBody.newItem(images: [image])
            dearerSale.texts = dearerSale.texts.map { $0.0 == "discounted_price" ? ($0.0, "13000") : $0 }
            try expectVaporError(try await send(client, .post, "/item", form: dearerSale), .unprocessableContent)

            var notANumber = V1ItemBody.newItem(images: [image])
            notANumber.texts = notANumber.texts.map { $0.0 == "price" ? ($0.0, "12abc") : $0 }
            try expectVaporError(try await send(client, .post, "/item", form: notANumber), .unprocessableContent)

            try expectVaporError(try await send(client, .post, "/item", form: .newItem(images: [])), .unprocessableContent)
            try expectVaporError(try await send(client, .post, "/item", form: .newItem(images: [Data("not a photo".utf8)])), .unsupportedMediaType)
            // An empty part is a part not sent (what 2021 apps mean by it): no password at all.
            let noPassword = try await send(client, .post, "/item", form: .newItem(password: "", images: [image]))
            try expectVaporError(noPassword, .badRequest)
            #expect(noPassword.text.contains("`password`"))
            try expectVaporError(try await send(client, .post, "/item", form: .newItem(password: "abc", images: [image])), .unprocessableContent)

            var badPhoto = V1ItemBody(texts: [("title", "Renamed Mug"), ("password", "mug-pass-1")])
            badPhoto.images = [("x.jpeg", Data("not a photo".utf8))]
            try expectVaporError(try await send(client, .patch, "/item/\(created.id)", form: badPhoto), .unsupportedMediaType)
            try expectVaporError(
                try await send(client, .patch, "/item/\(created.id)", form: V1ItemBody(texts: [("title", "Renamed Mug")])), .badRequest)
            // Good photos with a field the market's rules refuse (a two-letter title): the photos stay as they were.
            var shortTitle = V1ItemBody(texts: [("title", "ab"), ("password", "mug-pass-1")])
            shortTitle.images = [("new.jpeg", image)]
            try expectVaporError(try await send(client, .patch, "/item/\(created.id)", form: shortTitle), .unprocessableContent)

            try await client.execute(
                uri: "/item/\(created.id)", method: .delete, body: try deleteBody(["id": created.id + 1, "password": "mug-pass-1"])
            ) { response in
                // Well-formed, but about another item.
                try expectVaporError(response, .unprocessableContent)
                #expect(response.text.contains("is not the item of the path"))
            }
            try await client.execute(uri: "/item/\(created.id)", method: .delete, body: ByteBuffer(string: "password=mug-pass-1")) { response in
                try expectVaporError(response, .badRequest)
            }
            try await client.execute(uri: "/item/\(created.id)", method: .patch, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"password":"mug-pass-1"}"#)) { response in
                try expectVaporError(response, .unsupportedMediaType)
            }
            for path in ["/item/999999", "/item/abc", "/items/abc", "/items/0"] {
                try await client.execute(uri: path, method: .get) { response in
                    try expectVaporError(response, .notFound)
                }
            }

            #expect(try TestSupport.counts(in: config.dataDirectory) == before)
            let shown = try await client.execute(uri: "/item/\(created.id)", method: .get) { response in try item(response) }
            #expect(shown == created)
        }
    }

    @Test func aProductListedByAV2AppTakesTheVendorsSecret() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let upload = try UploadBody.valid()
            let id = try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()
            ) { response in
                try JSONDecoder().decode(ProductDetail.self, from: Data(response.body.readableBytesView)).id
            }
            let wrong = try await send(client, .patch, "/item/\(id)", form: V1ItemBody(texts: [("stock", "3"), ("password", "not-the-secret")]))
            try expectVaporError(wrong, .unauthorized)
            let right = try await send(
                client, .patch, "/item/\(id)", form: V1ItemBody(texts: [("stock", "3"), ("password", TestSupport.vendor.secret)]))
            #expect(right.status == .ok)
            #expect(try item(right).stock == 3)
        }
    }

    /// An empty text part is a field not sent (2021 apps send every field they leave alone so), and so is a file part
    /// without a filename or bytes; a named file without bytes is still a photo, and refused as one.
    @Test func emptyPartsAreFieldsNotSentButANamedEmptyFileIsAPhoto() async throws {
        let config = TestSupport.configuration()
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            var body = V1ItemBody.newItem(images: [try TestSupport.sampleImage()])
            body.texts = body.texts.map { ["discounted_price", "stock"].contains($0.0) ? ($0.0, "") : $0 }
            let created = try await send(client, .post, "/item", form: body)
            #expect(created.status == .ok, "\(created.text)")
            let item = try self.item(created)
            #expect(item.discountedPrice == nil && item.stock == 0)

            let patch = V1ItemBody(texts: [
                ("title", ""), ("descriptions", ""), ("price", "13000"), ("currency", ""), ("stock", ""), ("discounted_price", ""),
                ("password", "mug-pass-1"),
            ])
            let patched = try await send(client, .patch, "/item/\(item.id)", form: patch)
            #expect(patched.status == .ok, "\(patched.text)")
            let changed = try self.item(patched)
            #expect(changed.price == 13000 && changed.title == item.title && changed.currency == "KRW" && changed.images == item.images)
            // Empty parts alone change nothing: a password check, as with the password alone.
            let check = try await send(client, .patch, "/item/\(item.id)", form: V1ItemBody(texts: [("currency", ""), ("password", "mug-pass-1")]))
            #expect(try self.item(check) == changed)
            // An empty password is none.
            try expectVaporError(try await send(client, .patch, "/item/\(item.id)", form: V1ItemBody(texts: [("password", "")])), .badRequest)

            let before = try TestSupport.counts(in: config.dataDirectory)
            var emptyFile = V1ItemBody.newItem(images: [])
            emptyFile.images = [("image0.jpeg", Data())]
            let refused = try await send(client, .post, "/item", form: emptyFile)
            #expect(refused.status != .ok)
            try expectVaporError(refused, refused.status)
            #expect(try TestSupport.counts(in: config.dataDirectory) == before)
        }
    }
}
