import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Creating products", .timeLimit(.minutes(10)))
struct SQLiteMarketWriteTests {
    typealias Field = OpenMarketError.Field

    static let validDescription = "A working 35mm camera with a fresh battery."

    static let refusedDrafts: [(ProductDraft, Set<Field?>)] = [
        (ProductDraft(name: "ab", description: validDescription, price: 100, currency: .krw), [.name]),
        (ProductDraft(name: String(repeating: "가", count: 101), description: validDescription, price: 100, currency: .krw), [.name]),
        (ProductDraft(name: "Bell\u{0007}", description: validDescription, price: 100, currency: .krw), [.name]),
        (ProductDraft(name: "Camera", description: "123456789", price: 100, currency: .krw), [.description]),
        (ProductDraft(name: "Camera", description: String(repeating: "x", count: 1001), price: 100, currency: .krw), [.description]),
        (ProductDraft(name: "Camera", description: validDescription, price: 0, currency: .krw), [.price]),
        (ProductDraft(name: "Camera", description: validDescription, price: -100, currency: .krw), [.price, .discountedPrice]),
        (ProductDraft(name: "Camera", description: validDescription, price: Decimal(string: "12000.5")!, currency: .krw), [.price]),
        (ProductDraft(name: "Camera", description: validDescription, price: Decimal(string: "12.345")!, currency: .usd), [.price]),
        (ProductDraft(name: "Camera", description: validDescription, price: 100, currency: .krw, discountedPrice: 101), [.discountedPrice]),
        (ProductDraft(name: "Camera", description: validDescription, price: 100, currency: .krw, stock: -1), [.stock]),
    ]

    @Test("A refused product leaves the database unchanged", arguments: refusedDrafts)
    func refusedDraftChangesNothing(draft: ProductDraft, fields: Set<Field?>) async throws {
        let test = try await TestMarket()
        try await test.create(name: "Existing product")
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.createProduct(draft, images: [TestImages.png()], credentials: test.ownerCredentials)
        }

        #expect(error?.fields == fields)
        #expect(try await test.snapshot() == before)
        #expect(try await test.rowCount("product") == 1)
        #expect(try await test.rowCount("productImage") == 1)
    }

    @Test func severalViolationsComeBackTogetherAndNothingIsWritten() async throws {
        let test = try await TestMarket()
        let draft = ProductDraft(name: "ab", description: "short", price: 0, currency: .usd, stock: -1)

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.createProduct(draft, images: [TestImages.png()], credentials: test.ownerCredentials)
        }

        #expect(error?.fields == [.name, .description, .price, .stock])
        #expect(try await test.rowCount("product") == 0)
        #expect(try await test.rowCount("productImage") == 0)
    }

    @Test func dollarPriceIsStoredExactly() async throws {
        let test = try await TestMarket()
        let price = Decimal(string: "12.34")!
        let discount = Decimal(string: "0.35")!

        let created = try await test.create(price: price, currency: .usd, discountedPrice: discount)

        #expect(created.price == price)
        #expect(created.discountedPrice == discount)
        #expect(created.bargainPrice == Decimal(string: "11.99")!)
        let read = try await test.market.product(id: created.id)
        #expect(read.price == price)
        #expect(read.discountedPrice == discount)
        let stored = try await test.market.database.read { db in
            try Row.fetchOne(db, sql: "SELECT priceMinor, discountMinor, currency FROM product WHERE id = ?", arguments: [created.id])
                .map { [$0["priceMinor"] as Int64, $0["discountMinor"] as Int64] }
        }
        #expect(stored == [1234, 35])
    }

    @Test func wonPriceIsStoredAsWholeWon() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: 45000, currency: .krw, discountedPrice: 5000)
        #expect(created.price == 45000)
        #expect(created.bargainPrice == 40000)
        let priceMinor = try await test.market.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT priceMinor FROM product WHERE id = ?", arguments: [created.id])
        }
        #expect(priceMinor == 45000)
    }

    @Test func refusedCredentialsWriteNothing() async throws {
        let test = try await TestMarket()
        let wrong = VendorCredentials(identifier: test.owner.identifier, secret: "not the secret")

        let error = await #expect(throws: OpenMarketError.self) { try await test.create(credentials: wrong) }

        #expect(error?.kind == .unauthorized)
        #expect(try await test.rowCount("product") == 0)
        #expect(try await test.rowCount("productImage") == 0)
    }

    @Test func productRowAndImageRowsAreWrittenTogether() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.png(), TestImages.jpeg(), TestImages.gif()])
        let imageRows = try await test.market.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM productImage WHERE productId = ?", arguments: [created.id])
        }
        #expect(imageRows == 3)
        #expect(try await test.rowCount("product") == 1)
    }
}
