import Foundation
import OpenMarketCore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

@Suite("Audit log storage", .timeLimit(.minutes(10)))
struct AuditLogTests {
    static func product(stock: Int, name: String = "Desk Lamp") -> ProductDetail {
        ProductDetail(
            id: 7, vendorID: 1, name: name, description: "LED desk lamp with three brightness levels.", thumbnailURL: "/images/a_thumb.png",
            currency: .krw, price: 39_000, discountedPrice: 4_000, stock: stock, createdAt: Date(timeIntervalSince1970: 0),
            issuedAt: Date(timeIntervalSince1970: 0),
            images: [.init(id: 3, url: "/images/a_origin.png", thumbnailURL: "/images/a_thumb.png", issuedAt: Date(timeIntervalSince1970: 0))],
            vendor: .init(id: 1, name: "demo_vendor"))
    }

    @Test func diffListsOnlyTheFieldsThatChanged() {
        let changes = AuditLog.Change.diff(from: Self.product(stock: 8), to: Self.product(stock: 99, name: "Desk Lamp (white)"))
        #expect(changes == [
            .init(field: "name", old: "Desk Lamp", new: "Desk Lamp (white)"),
            .init(field: "stock", old: "8", new: "99"),
        ])
    }

    @Test func eventsRoundTripThroughWebSQLiteNewestFirst() async throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        let log = AuditLog(database: try WebDatabase.open(path: path))
        try await log.record(actor: .admin, action: .update, productID: 7, productName: "Desk Lamp",
                             changes: [.init(field: "stock", old: "8", new: "99")], outcome: .success)
        try await log.record(actor: .visitor(client: "127.0.0.1"), action: .delete, productID: 7, productName: "Desk Lamp",
                             snapshot: AuditLog.Change.fields(of: Self.product(stock: 99)), outcome: .refused, detail: "wrong password")
        try await log.record(actor: .admin, action: .create, productID: 8, productName: "Other", outcome: .success)
        let all = try await log.events(limit: 10, offset: 0)
        #expect(all.total == 3)
        #expect(all.events.map(\.productName) == ["Other", "Desk Lamp", "Desk Lamp"])
        let lamp = try await log.events(productID: 7, limit: 10, offset: 0)
        #expect(lamp.total == 2)
        #expect(lamp.events[1].changes == [.init(field: "stock", old: "8", new: "99")])
        #expect(lamp.events[0].outcome == .refused && lamp.events[0].detail == "wrong password")
        #expect(lamp.events[0].snapshot?.first { $0.field == "stock" }?.new == "99")
    }
}
