import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Bulk delete: one confirmation page listing every product, then per-item results, refusals included.
@Suite("Admin bulk delete", .timeLimit(.minutes(10)))
struct AdminBulkDeleteTests {
    private static let names = ["원목 의자", "캠핑용 랜턴", "Vintage Film Camera"]

    @Test func theConfirmationPageListsEverySelectedProductAndDeletesNothing() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            var products: [ProductDetail] = []
            for name in Self.names { products.append(try await MarketProbe.product(named: name, via: client)) }
            let before = try TestSupport.counts(in: directory)

            let response = try await admin.askToDelete(products.map(\.id))
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1>상품 삭제 확인</h1>"))
            #expect(html.contains("다음 3개 상품을 삭제합니다. 상점에서 바로 사라지고, 관리자가 30일 안에 사진과 함께 복원할 수 있습니다."))
            #expect(!html.contains("되돌릴 수 없습니다"), "a delete staff can restore is not called final")
            for product in products {
                #expect(html.contains("<input type=\"hidden\" name=\"ids\" value=\"\(product.id)\">"), "\(product.name)")
                #expect(html.contains("#\(product.id) <strong>\(product.name)</strong>"), "\(product.name)")
            }
            #expect(html.contains("<form method=\"post\" action=\"/admin/products/delete/confirm\">"))
            #expect(response.formToken?.count == 64)
            #expect(try TestSupport.counts(in: directory) == before)
            for product in products { #expect(try await MarketProbe.product(product.id, via: client) != nil) }
        }
    }

    @Test func confirmingDeletesEachProductAndItsPhotosAndReportsEveryOutcome() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            var products: [ProductDetail] = []
            for name in Self.names { products.append(try await MarketProbe.product(named: name, via: client)) }
            let before = try TestSupport.counts(in: directory)
            try await admin.askToDelete(products.map(\.id))

            let response = try await admin.confirmDelete(products.map(\.id))
            #expect(response.status == .ok)
            #expect(response.text.contains("<h1>삭제 결과</h1>"))
            for product in products {
                #expect(response.text.contains(
                    "<tr><td>\(product.id)</td><th scope=\"row\">\(product.name)</th><td class=\"outcome-success\">성공</td></tr>"), "\(product.name)")
                #expect(try await MarketProbe.product(product.id, via: client) == nil, "\(product.name) is still listed")
            }
            let after = try TestSupport.counts(in: directory)
            #expect(after.products == before.products - 3)
            #expect(after.images == before.images - products.map(\.images.count).reduce(0, +))
            let table = try await admin.get("/admin/products")
            #expect(table.adminRowIDs.count == 21)
            #expect(Set(table.adminRowIDs).isDisjoint(with: products.map(\.id)))
        }
    }

    @Test func anUnknownProductIsReportedAsRefusedWhileTheOthersAreDeleted() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let chair = try await MarketProbe.product(named: "원목 의자", via: client)
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let ids = [chair.id, 99999, lantern.id]

            let confirmation = try await admin.askToDelete(ids)
            #expect(confirmation.status == .ok)
            #expect(confirmation.text.contains("value=\"\(chair.id)\"") && confirmation.text.contains("value=\"\(lantern.id)\""))
            #expect(!confirmation.text.contains("value=\"99999\""), "a product that does not exist is not offered for deletion")

            let response = try await admin.confirmDelete(ids)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<th scope=\"row\">\(chair.name)</th><td class=\"outcome-success\">성공</td>"))
            #expect(html.contains("<th scope=\"row\">\(lantern.name)</th><td class=\"outcome-success\">성공</td>"))
            let refused = try #require(html.firstCapture(#"<tr><td>99999</td>(.*?)</tr>"#), "no row for 99999")
            #expect(refused.contains("<th scope=\"row\">#99999</th>"))
            #expect(refused.contains("<td class=\"outcome-refused\">거부됨 — "))
            #expect(refused.contains("99999"), "the refusal says which product")
            #expect(try await MarketProbe.product(chair.id, via: client) == nil)
            #expect(try await MarketProbe.product(lantern.id, via: client) == nil)
            #expect(try TestSupport.counts(in: directory).products == 22)
        }
    }

    @Test(arguments: [[String](), ["abc"], ["0", "-4"], [""]])
    func anEmptySelectionAsksToSelectSomething(ids: [String]) async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            try await admin.get("/admin/products")
            let response = try await admin.post("/admin/products/delete", fields: ids.map { ("ids", $0) })
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("<p class=\"notice\" role=\"status\">삭제할 상품을 하나 이상 선택해 주세요.</p>"))
            #expect(response.adminRowIDs.count == 24, "the table is shown again")
            #expect(try TestSupport.counts(in: directory).products == 24)
        }
    }

    @Test func theAdminDeletesAnotherVendorsProductToo() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let neighbors = try await MarketProbe.products(via: client).filter { $0.vendorName == "neighbor_vendor" }
            try #require(!neighbors.isEmpty)
            let speaker = try await MarketProbe.product(named: "블루투스 스피커", via: client)
            #expect(speaker.vendor.name == "neighbor_vendor")
            let before = try TestSupport.counts(in: directory)
            try await admin.askToDelete(neighbors.map(\.id))
            let response = try await admin.confirmDelete(neighbors.map(\.id))
            #expect(response.occurrences(of: "class=\"outcome-success\"") == neighbors.count)
            #expect(!response.text.contains("outcome-refused"))
            #expect(try await MarketProbe.product(speaker.id, via: client) == nil)
            #expect(try TestSupport.counts(in: directory).products == before.products - neighbors.count)
        }
    }

    @Test func repeatedIdsAreDeletedOnce() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let chair = try await MarketProbe.product(named: "원목 의자", via: client)
            try await admin.askToDelete([chair.id, chair.id])
            let response = try await admin.confirmDelete([chair.id, chair.id])
            #expect(response.occurrences(of: "<tr><td>\(chair.id)</td>") == 1)
            #expect(!response.text.contains("outcome-refused"))
        }
    }
}
