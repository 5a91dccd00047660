import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/products/{id}/delete`: a confirmation page, the product's password, and slowed-down guessing.
@Suite("Product delete confirmation", .timeLimit(.minutes(10)))
struct ProductDeleteTests {
    @Test func confirmationShowsPhotoNamePriceAndThatItCannotBeUndone() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let response = try await client.execute(uri: SiteURLs.delete(lantern.id), method: .get)
            #expect(response.status == .ok)
            let html = response.text
            let thumbnailPath = try #require(URL(string: lantern.thumbnailURL)?.path)
            #expect(html.contains("\(thumbnailPath)\" alt=\"캠핑용 랜턴\""))
            #expect(html.contains("<h2>캠핑용 랜턴</h2>"))
            #expect(html.contains("28,000원"))
            #expect(html.contains("30일 동안은 관리자가 사진과 함께 복원할 수 있습니다"))
            #expect(!html.contains("되돌릴 수 없습니다"))
            #expect(html.contains("<form class=\"delete-form\" method=\"post\" action=\"/products/\(lantern.id)/delete\">"))
            #expect(response.formToken?.count == 64)
            #expect(response.tag(withID: "field-password")?.contains("type=\"password\"") == true)
        }
    }

    @Test func wrongPasswordStaysOnThePageAndKeepsTheProduct() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 2))
            let before = try TestSupport.counts(in: directory)
            try await browser.get(SiteURLs.delete(id))
            let response = try await browser.post(SiteURLs.delete(id), fields: [("password", "not-the-password")])
            #expect(response.status == .forbidden)
            #expect(response.text.contains("class=\"delete-form\""))
            #expect(response.text.contains("<p class=\"field-error\" id=\"field-password-error\">비밀번호가 맞지 않습니다"))
            #expect(response.tag(withID: "field-password")?.contains("aria-invalid=\"true\"") == true)
            #expect(try TestSupport.counts(in: directory) == before)
            #expect(try await MarketProbe.product(id, via: client) != nil)
        }
    }

    @Test func rightPasswordDeletesTheProductAndItsPhotos() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 2))
            let before = try TestSupport.counts(in: directory)
            try await browser.get(SiteURLs.delete(id))
            let response = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
            #expect(response.status == .seeOther)
            #expect(response.location == "/products")
            #expect(response.setCookie("flash")?.hasPrefix("flash=deleted;") == true)

            let list = try await browser.get("/products")
            #expect(list.text.contains("상품을 삭제했습니다."))
            #expect(!list.text.contains("id=\"p-\(id)\""))
            let gone = try await browser.get(SiteURLs.product(id))
            #expect(gone.status == .notFound)
            #expect(gone.text.contains("페이지를 찾을 수 없습니다"))
            let after = try TestSupport.counts(in: directory)
            #expect(after.products == before.products - 1)
            #expect(after.images == before.images - 2)
        }
    }

    @Test func sampleProductIsDeletedWithTheVendorSecret() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let tent = try await MarketProbe.product(named: "캠핑 텐트 3~4인용", via: client)
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.delete(tent.id))
            let response = try await browser.post(SiteURLs.delete(tent.id), fields: [("password", TestSupport.vendor.secret)])
            #expect(response.status == .seeOther)
            #expect(try await MarketProbe.product(tent.id, via: client) == nil)
            let after = try TestSupport.counts(in: directory)
            #expect(after.products == before.products - 1 && after.images == before.images - tent.images.count)
        }
    }

    @Test func neighborVendorsProductCannotBeDeleted() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            let speaker = try await MarketProbe.product(named: "블루투스 스피커", via: client)
            let before = try TestSupport.counts(in: directory)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.delete(speaker.id))
            let response = try await browser.post(SiteURLs.delete(speaker.id), fields: [("password", TestSupport.vendor.secret)])
            #expect(response.status == .forbidden)
            #expect(response.text.contains("다른 판매자의 상품"))
            #expect(try TestSupport.counts(in: directory) == before)
        }
    }

    @Test func afterThreeWrongPasswordsEvenTheRightOneMustWait() async throws {
        try await TestSupport.withEmbeddedApp { client, directory in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
            let before = try TestSupport.counts(in: directory)
            try await browser.get(SiteURLs.delete(id))
            for attempt in 1...3 {
                let response = try await browser.post(SiteURLs.delete(id), fields: [("password", "guess-\(attempt)")])
                #expect(response.status == .forbidden, "attempt \(attempt)")
            }
            let blocked = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.text.contains("초 후에 다시 시도"))
            #expect(try TestSupport.counts(in: directory) == before)
            #expect(try await MarketProbe.product(id, via: client) != nil)

            // Slowed down, not locked out: once the wait is over the right password works.
            try await Task.sleep(for: .milliseconds(5_300))
            let later = try await browser.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
            #expect(later.status == .seeOther)
            #expect(try await MarketProbe.product(id, via: client) == nil)
        }
    }

    @Test func wrongVendorSecretsOnASampleProductAreThrottledToo() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.delete(lantern.id))
            for attempt in 1...3 {
                let response = try await browser.post(SiteURLs.delete(lantern.id), fields: [("password", "guess-\(attempt)")])
                #expect(response.status == .forbidden, "attempt \(attempt)")
            }
            let blocked = try await browser.post(SiteURLs.delete(lantern.id), fields: [("password", TestSupport.vendor.secret)])
            #expect(blocked.status == .tooManyRequests)
            #expect(try await MarketProbe.product(lantern.id, via: client) != nil)
        }
    }
}
