import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// An edit form carries the product as it showed it; a submit after someone else changed the product answers 409
/// with their change shown field by field, and saves nothing until the person submits again.
@Suite("Conflict-safe edit", .timeLimit(.minutes(10)))
struct EditConflictTests {
    /// Another writer: the v2 API, with the vendor's secret.
    private func patchThroughAPI(_ id: Int, _ fields: [String: Any], client: some TestClientProtocol) async throws {
        var body = fields
        body["secret"] = TestSupport.vendor.secret
        let data = try JSONSerialization.data(withJSONObject: body)
        let response = try await client.execute(
            uri: "/api/products/\(id)", method: .patch,
            headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"], body: ByteBuffer(bytes: data))
        #expect(response.status == .ok, "\(response.text)")
    }

    private func shownField(_ response: TestResponse) throws -> String {
        try #require(response.firstCapture(#"name="shown" value="([A-Za-z0-9_-]+)""#), "the edit form carries what it showed")
    }

    @Test func aChangeMadeMeanwhileAnswers409WithTheChangeAndKeepsTheSellersEdits() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            let form = try await browser.get(SiteURLs.edit(lantern.id))
            let shown = try shownField(form)

            // While the seller's form is open, the product is changed through the API.
            try await patchThroughAPI(lantern.id, ["name": "캠핑용 랜턴 (새 배터리)", "stock": 77], client: client)

            let conflict = try await browser.post(
                SiteURLs.edit(lantern.id),
                fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["price": "26,000"]) + [("shown", shown)])
            #expect(conflict.status == .conflict)
            let html = conflict.text
            #expect(html.contains("편집하는 동안 다른 곳에서 이 상품이 바뀌었습니다"))
            #expect(html.contains("<th scope=\"row\">상품명</th><td><del>캠핑용 랜턴</del> → <ins>캠핑용 랜턴 (새 배터리)</ins>"))
            #expect(html.contains("<th scope=\"row\">재고</th><td><del>\(lantern.stock)</del> → <ins>77</ins>"))
            #expect(!html.contains("<th scope=\"row\">가격</th>"), "the price was changed only here")
            // The form: the other change where the seller changed nothing, the seller's own edit kept.
            #expect(html.contains("name=\"name\" value=\"캠핑용 랜턴 (새 배터리)\""))
            #expect(html.contains("name=\"stock\" value=\"77\""))
            #expect(html.contains("name=\"price\" value=\"26,000\""))
            let newShown = try shownField(conflict)
            #expect(newShown != shown)

            // Nothing was saved by the refused submit.
            let between = try #require(try await MarketProbe.product(lantern.id, via: client))
            #expect(between.price == lantern.price && between.stock == 77 && between.name == "캠핑용 랜턴 (새 배터리)")

            // Saving the form as it came back applies the seller's edit on top of the other change.
            let saved = try await browser.post(
                SiteURLs.edit(lantern.id),
                fields: between.editFields(password: TestSupport.vendor.secret, changing: ["price": "26,000"]) + [("shown", newShown)])
            #expect(saved.status == .seeOther, "\(saved.text.prefix(300))")
            let after = try #require(try await MarketProbe.product(lantern.id, via: client))
            #expect(after.price == 26000 && after.stock == 77 && after.name == "캠핑용 랜턴 (새 배터리)")
        }
    }

    @Test func bothChangingOneFieldKeepsTheTypedValueAndSaysSo() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            var browser = StorefrontBrowser(client, headers: [.acceptLanguage: "en"])
            let shown = try shownField(try await browser.get(SiteURLs.edit(camera.id)))
            try await patchThroughAPI(camera.id, ["stock": 40], client: client)

            let conflict = try await browser.post(
                SiteURLs.edit(camera.id),
                fields: camera.editFields(password: TestSupport.vendor.secret, changing: ["stock": "12"]) + [("shown", shown)])
            #expect(conflict.status == .conflict)
            #expect(conflict.text.contains("Someone changed this product while you were editing it"))
            #expect(conflict.text.contains("You changed this field too: your value is kept, and saving will use it."))
            #expect(conflict.text.contains("name=\"stock\" value=\"12\""))
            #expect(try await MarketProbe.product(camera.id, via: client)?.stock == 40)
        }
    }

    @Test func theConsoleEditFormIsConflictSafeToo() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let speaker = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let shown = try shownField(try await admin.get("/admin/products/\(speaker.id)/edit"))
            // Meanwhile an app changes the price.
            try await patchThroughAPI(speaker.id, ["price": 59000], client: client)

            let fields = speaker.editFields(password: "", changing: ["stock": "99"]).filter { $0.0 != "password" } + [("shown", shown)]
            let conflict = try await admin.post("/admin/products/\(speaker.id)/edit", fields: fields)
            #expect(conflict.status == .conflict)
            #expect(conflict.text.contains("<ins>59,000</ins>"))
            #expect(conflict.text.contains("name=\"price\" value=\"59,000\""), "the price as people write it")
            #expect(conflict.text.contains("name=\"stock\" value=\"99\""))
            let now = try #require(try await MarketProbe.product(speaker.id, via: client))
            #expect(now.price == 59000 && now.stock == speaker.stock)
        }
    }

    @Test func anUnchangedProductSavesAtOnce() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var browser = StorefrontBrowser(client)
            let shown = try shownField(try await browser.get(SiteURLs.edit(lantern.id)))
            let saved = try await browser.post(
                SiteURLs.edit(lantern.id),
                fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["stock": "3"]) + [("shown", shown)])
            #expect(saved.status == .seeOther)
            #expect(try await MarketProbe.product(lantern.id, via: client)?.stock == 3)
        }
    }

    @Test func theShownFieldRoundTripsAnyTextAndRefusesWhatWeDidNotWrite() throws {
        let product = ProductDetail(
            id: 7, vendorID: 1, name: "\"<&>\" 의자 👩‍👩‍👧 e\u{301}", description: "line one\nline two, with = and + and /",
            thumbnailURL: "", currency: .usd, price: 12.5, discountedPrice: 0.5, stock: 3, createdAt: Date(), issuedAt: Date(),
            images: [], vendor: .init(id: 1, name: "v", createdAt: nil))
        let shown = ShownProduct(product)
        let field = shown.field
        #expect(field.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(ShownProduct(field: field) == shown)
        #expect(ShownProduct(field: nil) == nil)
        #expect(ShownProduct(field: "") == nil)
        #expect(ShownProduct(field: "not base64 at all!") == nil)
        // Valid base64 of JSON that lacks a field is not ours either.
        let partial = Data(#"{"name":"x"}"#.utf8).base64EncodedString()
        #expect(ShownProduct(field: partial) == nil)
        #expect(ShownProduct(field: String(repeating: "A", count: 20_000)) == nil)
    }
}
