import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Deleted products in view: the console table's "deleted" filter with the days left to restore, a search that
/// points at deleted matches, a banner on a deleted product's page, and confirmations that say staff can restore.
@Suite("Deleted products in the console", .timeLimit(.minutes(5)))
struct AdminDeletedProductsTests {
    static func withConsole(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in try await test(client) }
    }

    @Test func theDeletedFilterListsWhatCanBeRestoredWithTheDaysLeftAndRestoresUnderTheSameID() async throws {
        try await Self.withConsole { client in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let confirm = try await admin.askToDelete([lantern.id])
            #expect(confirm.text.contains("관리자가 30일 안에 사진과 함께 복원할 수 있습니다."))
            try #require(try await admin.confirmDelete([lantern.id]).status == .ok)

            // The table on sale no longer has it; its search says a deleted product matches and links to the filter.
            let search = try await admin.get("/admin/products?q=%EB%9E%9C%ED%84%B4")
            #expect(!search.adminRowIDs.contains(lantern.id))
            #expect(search.text.contains("<a href=\"/admin/products?q=%EB%9E%9C%ED%84%B4&amp;status=deleted\">삭제된 상품 중 1개도 검색어와 맞습니다"))
            #expect(try await admin.get("/admin/products?q=%EC%97%86%EB%8A%94").text.contains("deleted-matches") == false, "no note without a match")

            let deleted = try await admin.get("/admin/products?status=deleted")
            #expect(deleted.status == .ok)
            #expect(deleted.adminRowIDs == [lantern.id])
            #expect(deleted.text.contains("<option value=\"deleted\" selected>삭제됨 (30일 안에 복원 가능)</option>"))
            #expect(deleted.text.contains("<td class=\"days-left\">30일 남음</td>"))
            #expect(deleted.text.contains("28,000원"), "the price it had, as the storefront writes it")
            #expect(!deleted.text.contains("name=\"ids\""), "no bulk delete of deleted products")
            #expect(!deleted.text.contains("새 번호를 받습니다"), "the embedded market restores under the same id: no note of a new one")
            let action = try #require(deleted.firstCapture(#"<form class="restore-form" method="post" action="(/admin/history/\d+/restore)">"#))
            #expect(try await admin.get("/admin/products?status=deleted&q=%EB%9E%9C%ED%84%B4").adminRowIDs == [lantern.id])
            #expect(try await admin.get("/admin/products?status=deleted&q=%EC%97%86%EB%8A%94").adminRowIDs.isEmpty)

            // The deleted product's own page says so, with the days left and the restore button.
            let page = try await admin.get("/admin/products/\(lantern.id)")
            #expect(page.text.contains("<div class=\"deleted-banner\" role=\"status\">"))
            #expect(page.text.contains("삭제됨 — 30일 안에 복원 가능"))
            #expect(page.text.contains("action=\"\(action)\""))

            // Restored from the filter: under the very same id, so the storefront's link works again.
            let restored = try await admin.post(action, fields: [])
            #expect(restored.location == "/admin/products/\(lantern.id)")
            #expect(try await admin.get("/products/\(lantern.id)").status == .ok)
            let after = try await admin.get("/admin/products/\(lantern.id)")
            #expect(!after.text.contains("deleted-banner"))
            #expect(after.text.contains("복원됨 — 같은 상품 번호로"))
            #expect(try await admin.get("/admin/products?status=deleted").adminRowIDs.isEmpty)
        }
    }

    @Test func theDeletedFilterSpeaksEnglishToo() async throws {
        try await Self.withConsole { client in
            var admin = try await AdminClient.signedIn(client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            try await admin.askToDelete([lantern.id])
            try #require(try await admin.confirmDelete([lantern.id]).status == .ok)
            try await admin.get("/language/en?return=/admin/products")
            let page = try await admin.get("/admin/products?status=deleted")
            #expect(page.text.contains("30 days left"))
            #expect(page.text.contains("Deleted (restorable for 30 days)"))
            #expect(try await admin.get("/admin/products/\(lantern.id)").text.contains("Deleted — can be restored for 30 more days"))
        }
    }
}
