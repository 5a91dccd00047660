import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// The console against a v1 server: it writes with the front end's secret, which is the upstream password of the
/// items the front end listed; an item listed elsewhere has its own password and is reported as another seller's.
@Suite("Admin console on a v1 upstream", .timeLimit(.minutes(10)))
struct AdminRemoteV1Tests {
    @Test func theConsoleEditsAndDeletesWhatTheFrontEndListedAndNothingElse() async throws {
        try await V1Upstream.withFrontEnd(adminPassword: AdminClient.password) { port, console in
            var seller = StorefrontBrowser(console)
            let listed = try await seller.listProduct(try ProductUploadForm.valid(photos: 1))
            let elsewhere = try await V1Upstream.listElsewhere(password: "mug-pass-1", port: port)
            var admin = try await AdminClient.signedIn(console)

            // The table is read from every v1 page.
            let table = try await admin.get("/admin/products")
            #expect(table.adminRowIDs == (try await V1Upstream.items(port: port)).map(\.id).sorted(by: >))
            #expect(table.adminRowIDs.count == 26)

            let item = try #require(try await V1Upstream.item(listed, port: port))
            try await admin.get("/admin/products/\(listed)/edit")
            let edited = try await admin.post(
                "/admin/products/\(listed)/edit", fields: try item.detail.editFields(password: "", changing: ["price": "18000"]))
            #expect(edited.status == .seeOther, "\(edited.text.prefix(300))")
            #expect(try await V1Upstream.item(listed, port: port)?.price == 18000)

            try await admin.askToDelete([listed, elsewhere.id])
            let result = try await admin.confirmDelete([listed, elsewhere.id])
            #expect(result.status == .ok)
            #expect(result.text.contains("<th scope=\"row\">\(item.title)</th><td class=\"outcome-success\">성공</td>"))
            #expect(result.text.contains(
                "<th scope=\"row\">\(elsewhere.title)</th><td class=\"outcome-refused\">거부됨 — 다른 판매자의 상품이라 이 사이트에서 수정하거나 삭제할 수 없습니다."))
            #expect(try await V1Upstream.item(listed, port: port) == nil)
            #expect(try await V1Upstream.item(elsewhere.id, port: port) == elsewhere)
        }
    }
}
