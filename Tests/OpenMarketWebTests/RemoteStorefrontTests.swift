import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The storefront in remote mode: every read and write goes through `OpenMarketClient` to a real upstream
/// (an embedded-mode application on a real socket) with the configured vendor's identifier and secret.
@Suite("Remote-mode storefront", .timeLimit(.minutes(10)))
struct RemoteStorefrontTests {
    /// Runs `body` with a live upstream and a storefront app in remote mode pointed at it.
    private func withRemoteStorefront(
        upstreamDirectory: URL = TestSupport.temporaryDirectory(),
        vendorCredentials: Bool = true,
        _ body: @escaping @Sendable (_ upstream: any TestClientProtocol, _ storefront: any TestClientProtocol) async throws -> Void
    ) async throws {
        let upstream = try await buildApplication(TestSupport.configuration(dataDirectory: upstreamDirectory))
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            var config = TestSupport.configuration(backend: .remote(url))
            if !vendorCredentials { (config.identifier, config.secret) = (nil, nil) }
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { client in
                try await body(upstreamClient, client)
            }
        }
    }

    @Test func listAndDetailShowTheUpstreamsProducts() async throws {
        try await withRemoteStorefront { upstream, storefront in
            let list = try await storefront.execute(uri: "/products", method: .get)
            #expect(list.status == .ok)
            #expect(list.productCardCount == 20)
            #expect(list.text.contains("총 24개 중 1–20"))

            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: upstream)
            let detail = try await storefront.execute(uri: SiteURLs.product(camera.id) + "?photo=3", method: .get)
            #expect(detail.status == .ok)
            #expect(detail.text.contains("<h1>Vintage Film Camera</h1>"))
            #expect(detail.text.contains("<span class=\"gallery-counter\">3 / 5</span>"))
            #expect(detail.text.contains("<del class=\"original-price\""))

            let missing = try await storefront.execute(uri: SiteURLs.product(99_999), method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("페이지를 찾을 수 없습니다"))

            let search = try await storefront.execute(uri: "/products?q=camera", method: .get)
            #expect(search.productCardCount == 1)
            // Photos come from the upstream, so the page's policy must allow that origin for images (and only images).
            let policy = detail.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("img-src 'self' blob: data: http://127.0.0.1:\(upstream.port ?? 0)"))
            #expect(policy.contains("script-src 'self';"))
        }
    }

    /// The OpenMarket API cannot order or filter a list, so the page offers neither; the view switch stays.
    @Test func theListOffersNoOrderOrFiltersTheUpstreamCannotHonour() async throws {
        try await withRemoteStorefront { _, storefront in
            let list = try await storefront.execute(uri: "/products?sort=price_asc&stock=in", method: .get)
            #expect(list.status == .ok)
            #expect(list.productCardCount == 20)
            #expect(!list.text.contains("sort-choices"))
            #expect(!list.text.contains("filter-chips"))
            #expect(!list.text.contains("낮은 가격순"))
            #expect(list.text.contains("<nav class=\"view-switch\""))
        }
    }

    /// The upstream takes photos of at most 300 KB; the front end shrinks a phone photo before sending it.
    @Test func aPhonePhotoThroughTheRemoteFormIsShrunkBeforeTheUpstreamSeesIt() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        try await withRemoteStorefront(upstreamDirectory: upstreamDirectory) { _, storefront in
            let before = try TestSupport.counts(in: upstreamDirectory)
            var browser = StorefrontBrowser(storefront)
            try await browser.get(SiteURLs.newProduct)
            var form = try ProductUploadForm.valid(photos: 0)
            var photo = try Data(contentsOf: TestSupport.packageRoot.appending(path: "Tests/OpenMarketImagingTests/Fixtures/orientation6-metadata.jpg"))
            photo.append(Data(count: 3 * 1024 * 1024))
            form.images = [UploadBody.Image(filename: "IMG_0002.JPG", contentType: "image/jpeg", data: photo)]
            let created = try await browser.upload(form)
            #expect(created.status == .seeOther, "\(created.text.prefix(300))")
            #expect(try TestSupport.counts(in: upstreamDirectory).products == before.products + 1)
            let stored = try TestSupport.newestImageBytes(in: upstreamDirectory)
            #expect(stored.count <= MarketLimits.maxImageBytes && stored.range(of: Data("GPS".utf8)) == nil)

            // The upstream's photos have no variants this front end knows of: one URL each, no srcset.
            let list = try await storefront.execute(uri: "/products", method: .get)
            #expect(list.text.contains("<img src=\"http://127.0.0.1:"))
            #expect(!list.text.contains("srcset="))
        }
    }

    @Test func uploadThroughTheRemoteFormListsOnTheUpstreamAndItsPasswordDeletesIt() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        try await withRemoteStorefront(upstreamDirectory: upstreamDirectory) { upstream, storefront in
            let before = try TestSupport.counts(in: upstreamDirectory)
            var browser = StorefrontBrowser(storefront)
            try await browser.get(SiteURLs.newProduct)
            let created = try await browser.upload(try ProductUploadForm.valid(photos: 2))
            #expect(created.status == .seeOther)
            let id = try #require(created.location.flatMap(SiteURLs.productID(fromLocation:)))
            let stored = try #require(try await MarketProbe.product(id, via: upstream))
            #expect(stored.name == "손으로 빚은 찻잔")
            #expect(stored.images.count == 2)
            #expect(try TestSupport.counts(in: upstreamDirectory).products == before.products + 1)

            let landing = try await browser.get(created.location ?? "")
            #expect(landing.text.contains("상품을 등록했습니다."))

            // The vendor secret is not this product's password, even in remote mode.
            try await browser.get(SiteURLs.delete(id))
            let refused = try await browser.post(SiteURLs.delete(id), fields: [("password", TestSupport.vendor.secret)])
            #expect(refused.status == .forbidden)
            #expect(try await MarketProbe.product(id, via: upstream) != nil)

            let deleted = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/products")
            #expect(try await MarketProbe.product(id, via: upstream) == nil)
            #expect(try TestSupport.counts(in: upstreamDirectory) == before)
            let gone = try await browser.get(SiteURLs.product(id))
            #expect(gone.status == .notFound)
        }
    }

    @Test func editThroughTheRemoteFormChangesOnlyThePriceUpstream() async throws {
        try await withRemoteStorefront { upstream, storefront in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstream)
            var browser = StorefrontBrowser(storefront)
            try await browser.get(SiteURLs.edit(lantern.id))
            let wrong = try await browser.post(SiteURLs.edit(lantern.id), fields: lantern.editFields(password: "nope-nope", changing: ["price": "1000"]))
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("비밀번호가 맞지 않습니다"))
            #expect(try await MarketProbe.product(lantern.id, via: upstream) == lantern)

            let response = try await browser.post(
                SiteURLs.edit(lantern.id), fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["price": "27000"]))
            #expect(response.status == .seeOther)
            let updated = try #require(try await MarketProbe.product(lantern.id, via: upstream))
            #expect(updated.price == 27000)
            #expect(updated.name == lantern.name && updated.stock == lantern.stock && updated.description == lantern.description)
        }
    }

    @Test func theRemoteEditFormSaysPhotosCannotChangeAndRefusesNewOnes() async throws {
        try await withRemoteStorefront { upstream, storefront in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstream)
            var browser = StorefrontBrowser(storefront)
            let form = try await browser.get(SiteURLs.edit(lantern.id))
            #expect(form.text.contains("enctype=\"application/x-www-form-urlencoded\""))
            #expect(form.text.contains("이 사이트가 연결된 마켓은 등록한 뒤 사진을 바꿀 수 없습니다. 어떤 사진을"))
            #expect(!form.text.contains("name=\"images\"") && !form.text.contains("name=\"remove_photo\""))
            let photo = UploadBody.Image(filename: "mug-1.png", contentType: "image/png", data: try TestSupport.sampleImage())
            let refused = try await browser.postMultipart(
                SiteURLs.edit(lantern.id), fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["price": "27000"]), images: [photo])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("<p class=\"field-error\" id=\"field-images-error\">이 사이트가 연결된 마켓은"))
            #expect(try await MarketProbe.product(lantern.id, via: upstream) == lantern)
        }
    }

    @Test func withoutVendorCredentialsTheFormSaysSoAndWritesAreRefused() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        try await withRemoteStorefront(upstreamDirectory: upstreamDirectory, vendorCredentials: false) { upstream, storefront in
            let before = try TestSupport.counts(in: upstreamDirectory)
            var browser = StorefrontBrowser(storefront)
            let form = try await browser.get(SiteURLs.newProduct)
            #expect(form.status == .ok)
            #expect(form.text.contains("판매자 계정(--identifier, --secret)이 설정되지 않아"))
            let response = try await browser.upload(try ProductUploadForm.valid(photos: 1))
            #expect(response.status == .serviceUnavailable)
            #expect(response.text.contains("판매자 계정(--identifier, --secret)이 설정되지 않아"))

            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: upstream)
            try await browser.get(SiteURLs.delete(lantern.id))
            let delete = try await browser.post(SiteURLs.delete(lantern.id), fields: [("password", TestSupport.vendor.secret)])
            #expect(delete.status == .serviceUnavailable)
            #expect(try TestSupport.counts(in: upstreamDirectory) == before)
        }
    }
}

/// The storefront in remote mode against a v2a ("market-training") server: a second embedded instance's v2a port.
@Suite("Remote-mode storefront on a v2a upstream", .timeLimit(.minutes(10)))
struct RemoteV2AStorefrontTests {
    /// The upstream's product over a fresh connection to its v2a port (a long test on a busy machine can outlast
    /// the server's idle timeout on a kept connection); `nil` once it is gone.
    private static func upstreamProduct(_ id: Int, port: Int) async throws -> ProductDetail? {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let response = try await client.get("/api/products/\(id)")
            guard response.status == .ok, let body = response.body else { return nil }
            return try JSONDecoder().decode(ProductDetail.self, from: Data(body.readableBytesView))
        }
    }

    @Test func listUploadAndDeleteThroughAV2aUpstream() async throws {
        let upstreamDirectory = TestSupport.temporaryDirectory()
        var upstreamConfig = TestSupport.configuration(dataDirectory: upstreamDirectory)
        let v2aPort = try TestSupport.freePort()
        upstreamConfig.v2aPort = v2aPort
        let upstream = try await buildApplication(upstreamConfig)
        try await upstream.stoppableTest(.live) { _ in
            // The v2a listener opens once the start-up work is done.
            try await TestSupport.waitUntilListening(port: v2aPort)
            var config = TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:\(v2aPort)"))))
            config.upstreamGeneration = .v2a
            let app = try await buildApplication(config)
            try await app.stoppableTest(.router) { storefront in
                // The list is read from the snake_case envelope.
                let list = try await storefront.execute(uri: "/products", method: .get)
                #expect(list.status == .ok)
                #expect(list.productCardCount == 20)
                #expect(list.text.contains("총 24개 중 1–20"))

                let before = try TestSupport.counts(in: upstreamDirectory)
                var browser = StorefrontBrowser(storefront)
                try await browser.get(SiteURLs.newProduct)
                let created = try await browser.upload(try ProductUploadForm.valid(photos: 2))
                #expect(created.status == .seeOther, "\(created.text.prefix(300))")
                let id = try #require(created.location.flatMap(SiteURLs.productID(fromLocation:)))
                let stored = try #require(try await Self.upstreamProduct(id, port: v2aPort))
                #expect(stored.name == "손으로 빚은 찻잔")
                #expect(stored.images.count == 2)
                #expect(try TestSupport.counts(in: upstreamDirectory).products == before.products + 1)

                // The delete takes the v2a way: the product secret, then DELETE …/{id}/{secret}.
                try await browser.get(SiteURLs.delete(id))
                let deleted = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
                #expect(deleted.status == .seeOther)
                #expect(try await Self.upstreamProduct(id, port: v2aPort) == nil)
                #expect(try TestSupport.counts(in: upstreamDirectory) == before)
            }
        }
    }
}
