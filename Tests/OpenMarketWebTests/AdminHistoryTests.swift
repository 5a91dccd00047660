import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// History of every write made through this front end, the per-product page, and the admin's own edit form.
@Suite("Admin history and edits", .timeLimit(.minutes(10)))
struct AdminHistoryTests {
    /// A visitor lists a product, lowers its price, guesses its password wrong once, then deletes it.
    private func storefrontLifecycle(_ client: any TestClientProtocol) async throws -> Int {
        var visitor = StorefrontBrowser(client)
        let id = try await visitor.listProduct(try ProductUploadForm.valid(photos: 1))
        let listed = try #require(try await MarketProbe.product(id, via: client))
        try await visitor.get(SiteURLs.edit(id))
        let edit = try await visitor.post(SiteURLs.edit(id), fields: listed.editFields(password: "teacup-2024", changing: ["price": "14000"]))
        try #require(edit.status == .seeOther, "edit answered \(edit.status)")
        try await visitor.get(SiteURLs.delete(id))
        let wrong = try await visitor.post(SiteURLs.delete(id), fields: [("password", "not-the-password")])
        try #require(wrong.status == .forbidden, "wrong password answered \(wrong.status)")
        let delete = try await visitor.post(SiteURLs.delete(id), fields: [("password", "teacup-2024")])
        try #require(delete.status == .seeOther, "delete answered \(delete.status)")
        return id
    }

    @Test func storefrontWritesAppearNewestFirstWithWhoWhatAndHowItEnded() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            let id = try await storefrontLifecycle(client)
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/history")
            #expect(response.status == .ok)
            let rows = response.historyRows
            try #require(rows.count == 4, "history rows: \(rows.count)")
            let link = "<a href=\"/admin/products/\(id)\">손으로 빚은 찻잔</a>"
            for row in rows {
                #expect(row.contains("data-label=\"수행자\">방문자 "), "actor: \(row.prefix(200))")
                #expect(row.contains(link))
                #expect(row.contains("<time datetime=\"20"))
            }
            // Newest first: delete, refused delete, price change, listing.
            #expect(rows[0].contains("<td class=\"col-action\" data-label=\"작업\">삭제</td>") && rows[0].contains("class=\"outcome-success\">성공"))
            #expect(rows[0].contains("<summary>삭제 전 마지막 상태</summary>"))
            #expect(rows[1].contains("<td class=\"col-action\" data-label=\"작업\">삭제</td>") && rows[1].contains("class=\"outcome-refused\">거부됨"))
            #expect(rows[1].contains("<small>비밀번호가 맞지 않습니다"))
            #expect(rows[2].contains("<td class=\"col-action\" data-label=\"작업\">수정</td>") && rows[2].contains("class=\"outcome-success\">성공"))
            #expect(rows[2].contains("<li><span class=\"change-label\" data-field=\"price\">가격</span>: <del>15,000원</del> → <ins>14,000원</ins></li>"))
            #expect(rows[2].components(separatedBy: "<li><span class=\"change-label\"").count == 2, "only the changed field")
            #expect(rows[3].contains("<td class=\"col-action\" data-label=\"작업\">등록</td>") && rows[3].contains("class=\"outcome-success\">성공"))
            #expect(rows[3].contains("<li><span class=\"change-label\" data-field=\"name\">상품명</span>: <del>—</del> → <ins>손으로 빚은 찻잔</ins></li>"))
        }
    }

    @Test func aDeletedProductsAdminPageKeepsItsHistoryAndLastState() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            let id = try await storefrontLifecycle(client)
            #expect(try await MarketProbe.product(id, via: client) == nil)
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/products/\(id)")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1>손으로 빚은 찻잔 <small>#\(id)</small></h1>"))
            #expect(response.historyRows.count == 4)
            #expect(html.contains("<summary>삭제 전 마지막 상태</summary>"))
            #expect(html.contains("<li><span class=\"change-label\" data-field=\"price\">가격</span>: 14,000원</li>"))
            #expect(html.contains("<li><span class=\"change-label\" data-field=\"stock\">재고</span>: 3</li>"))
            #expect(!html.contains("name=\"ids\""), "a deleted product offers no delete button")

            let filtered = try await admin.get("/admin/history?product=\(id)")
            #expect(filtered.historyRows.count == 4)
            #expect(filtered.text.contains("<a href=\"/admin/history\">전체 기록</a>"))
            let other = try await admin.get("/admin/history?product=\(id + 1000)")
            #expect(other.historyRows.isEmpty)
            #expect(other.text.contains("기록이 없습니다."))
            let unknown = try await admin.get("/admin/products/99999")
            #expect(unknown.status == .notFound)
        }
    }

    @Test func theAdminEditsWithoutAPasswordAndIsRecordedAsAdmin() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            // A neighbour vendor's product: the embedded admin acts as its owner.
            let speaker = try await MarketProbe.product(named: "블루투스 스피커", via: client)
            let form = try await admin.get("/admin/products/\(speaker.id)/edit")
            #expect(form.status == .ok)
            #expect(form.text.contains("action=\"/admin/products/\(speaker.id)/edit\""))
            #expect(!form.text.contains("name=\"password\""))
            let fields = speaker.editFields(password: "", changing: ["stock": "99"]).filter { $0.0 != "password" }
            let response = try await admin.post("/admin/products/\(speaker.id)/edit", fields: fields)
            #expect(response.status == .seeOther)
            #expect(response.location == "/admin/products/\(speaker.id)")
            let updated = try #require(try await MarketProbe.product(speaker.id, via: client))
            #expect(updated.stock == 99)
            #expect(updated.price == speaker.price && updated.name == speaker.name)

            let history = try await admin.get("/admin/history")
            let rows = history.historyRows
            try #require(rows.count == 1)
            #expect(rows[0].contains("data-label=\"수행자\">관리자</td>"))
            #expect(rows[0].contains("<td class=\"col-action\" data-label=\"작업\">수정</td>"))
            #expect(rows[0].contains("<li><span class=\"change-label\" data-field=\"stock\">재고</span>: <del>\(speaker.stock)</del> → <ins>99</ins></li>"))
            #expect(rows[0].components(separatedBy: "<li><span class=\"change-label\"").count == 2)
            #expect(rows[0].contains("class=\"outcome-success\">성공"))
            let page = try await admin.get("/admin/products/\(speaker.id)")
            #expect(page.historyRows.count == 1)
            #expect(page.text.contains("<dd>99</dd>"))
        }
    }

    @Test func anAdminEditWithoutChangesSavesNothing() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.get("/admin/products/\(lantern.id)/edit")
            let fields = lantern.editFields(password: "").filter { $0.0 != "password" }
            let response = try await admin.post("/admin/products/\(lantern.id)/edit", fields: fields)
            #expect(response.status == .ok)
            #expect(response.text.contains("변경 사항 없음"))
            #expect(try await MarketProbe.product(lantern.id, via: client) == lantern)
            let history = try await admin.get("/admin/history")
            #expect(history.historyRows.isEmpty)
            #expect(history.text.contains("기록이 없습니다."))
        }
    }

    @Test func anInvalidAdminEditIsShownInlineAndChangesNothing() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.get("/admin/products/\(lantern.id)/edit")
            let fields = lantern.editFields(password: "", changing: ["stock": "-3"]).filter { $0.0 != "password" }
            let response = try await admin.post("/admin/products/\(lantern.id)/edit", fields: fields)
            #expect(response.status == .unprocessableContent)
            #expect(try await MarketProbe.product(lantern.id, via: client) == lantern)
        }
    }

    @Test func adminBulkDeletesAreRecordedWithALastState() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let chair = try await MarketProbe.product(named: "원목 의자", via: client)
            try await admin.askToDelete([chair.id, 99999])
            try await admin.confirmDelete([chair.id, 99999])
            let rows = try await admin.get("/admin/history").historyRows
            try #require(rows.count == 2)
            #expect(rows[0].contains("data-label=\"수행자\">관리자</td>") && rows[0].contains("#99999") && rows[0].contains("outcome-refused"))
            #expect(rows[1].contains("data-label=\"수행자\">관리자</td>") && rows[1].contains("<td class=\"col-action\" data-label=\"작업\">삭제</td>") && rows[1].contains("outcome-success"))
            #expect(rows[1].contains("<li><span class=\"change-label\" data-field=\"price\">가격</span>: 45,000원</li>"))
            let page = try await admin.get("/admin/products/\(chair.id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("원목 의자"))
        }
    }
}
