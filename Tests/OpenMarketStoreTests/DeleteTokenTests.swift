import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Deleting products", .timeLimit(.minutes(10)))
struct DeleteTokenTests {
    func imageRows(of productID: Int, in test: TestMarket) async throws -> Int {
        try await test.market.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM productImage WHERE productId = ?", arguments: [productID]) ?? -1
        }
    }

    @Test func tokenDeletesTheProductWithItsImagesAndReturnsIt() async throws {
        let test = try await TestMarket()
        let doomed = try await test.create(name: "Doomed", images: [TestImages.png(), TestImages.jpeg()])
        let kept = try await test.create(name: "Kept")
        let imageFile = String(doomed.images[0].url.split(separator: "/").last!)

        let token = try await test.market.issueDeleteToken(productID: doomed.id, credentials: test.ownerCredentials)
        let deleted = try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: doomed.id)

        #expect(deleted == doomed)
        #expect(try await imageRows(of: doomed.id, in: test) == 0)
        #expect(try await test.market.image(named: imageFile) == nil)
        #expect(try await test.rowCount("deleteToken") == 0)
        let error = await #expect(throws: OpenMarketError.self) { try await test.market.product(id: doomed.id) }
        #expect(error?.kind == .notFound)
        #expect(try await test.market.product(id: kept.id) == kept)
        #expect(try await imageRows(of: kept.id, in: test) == 1)
    }

    @Test func tokenWithoutProductIDInThePathWorks() async throws {
        let test = try await TestMarket()
        let doomed = try await test.create()
        let token = try await test.market.issueDeleteToken(productID: doomed.id, credentials: test.ownerCredentials)

        let deleted = try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: nil)

        #expect(deleted.id == doomed.id)
        #expect(try await test.rowCount("product") == 0)
    }

    @Test func deleteTokenWorksOnlyOnce() async throws {
        let test = try await TestMarket()
        let doomed = try await test.create()
        let token = try await test.market.issueDeleteToken(productID: doomed.id, credentials: test.ownerCredentials)
        _ = try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: doomed.id)

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: doomed.id)
        }

        #expect(error?.kind == .notFound)
    }

    @Test func tokenUsedWithAnotherVendorsIdentifierIsForbidden() async throws {
        let test = try await TestMarket()
        let product = try await test.create()
        let token = try await test.market.issueDeleteToken(productID: product.id, credentials: test.ownerCredentials)
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(token: token, identifier: test.neighbor.identifier, productID: product.id)
        }

        #expect(error?.kind == .forbidden)
        #expect(try await test.snapshot() == before)
        // The refused attempt did not spend the token.
        _ = try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: product.id)
        #expect(try await test.rowCount("product") == 0)
    }

    @Test func tokenWithAMismatchingProductIDIsNotFound() async throws {
        let test = try await TestMarket()
        let first = try await test.create(name: "First product")
        let second = try await test.create(name: "Second product")
        let token = try await test.market.issueDeleteToken(productID: first.id, credentials: test.ownerCredentials)
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: second.id)
        }

        #expect(error?.kind == .notFound)
        #expect(try await test.snapshot() == before)
    }

    @Test func expiredTokenIsNotFound() async throws {
        let test = try await TestMarket(configuration: SQLiteMarket.Configuration(deleteTokenLifetime: .zero))
        let product = try await test.create()
        let token = try await test.market.issueDeleteToken(productID: product.id, credentials: test.ownerCredentials)
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(token: token, identifier: test.owner.identifier, productID: product.id)
        }

        #expect(error?.kind == .notFound)
        #expect(try await test.snapshot() == before)
    }

    @Test func expiredTokensAreSweptWhenANewOneIsIssued() async throws {
        let test = try await TestMarket(configuration: SQLiteMarket.Configuration(deleteTokenLifetime: .zero))
        let product = try await test.create()
        _ = try await test.market.issueDeleteToken(productID: product.id, credentials: test.ownerCredentials)
        try await Task.sleep(for: .milliseconds(5))
        _ = try await test.market.issueDeleteToken(productID: product.id, credentials: test.ownerCredentials)
        #expect(try await test.rowCount("deleteToken") == 1)
    }

    @Test func unknownTokenIsNotFound() async throws {
        let test = try await TestMarket()
        let product = try await test.create()
        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(token: SQLiteMarket.newVendorIdentifier(), identifier: test.owner.identifier, productID: product.id)
        }
        #expect(error?.kind == .notFound)
        #expect(try await test.rowCount("product") == 1)
    }

    @Test func tokenForAnotherVendorsProductIsNotIssued() async throws {
        let test = try await TestMarket()
        let product = try await test.create()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.issueDeleteToken(productID: product.id, credentials: test.neighborCredentials)
        }

        #expect(error?.kind == .forbidden)
        #expect(try await test.rowCount("deleteToken") == 0)
    }

    @Test func tokenNeedsTheRightSecret() async throws {
        let test = try await TestMarket()
        let product = try await test.create()
        let wrong = VendorCredentials(identifier: test.owner.identifier, secret: "guess")

        let error = await #expect(throws: OpenMarketError.self) { try await test.market.issueDeleteToken(productID: product.id, credentials: wrong) }

        #expect(error?.kind == .unauthorized)
        #expect(try await test.rowCount("deleteToken") == 0)
    }

    @Test func directDeleteOfAnotherVendorsProductIsForbidden() async throws {
        let test = try await TestMarket()
        let product = try await test.create(images: [TestImages.png(), TestImages.gif()])
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.deleteProduct(id: product.id, credentials: test.neighborCredentials)
        }

        #expect(error?.kind == .forbidden)
        #expect(try await test.snapshot() == before)
    }

    @Test func directDeleteByTheOwnerRemovesEverything() async throws {
        let test = try await TestMarket()
        let product = try await test.create(images: [TestImages.png(), TestImages.gif()])
        _ = try await test.market.issueDeleteToken(productID: product.id, credentials: test.ownerCredentials)

        let deleted = try await test.market.deleteProduct(id: product.id, credentials: test.ownerCredentials)

        #expect(deleted == product)
        #expect(try await test.rowCount("product") == 0)
        #expect(try await test.rowCount("productImage") == 0)
        // The other outstanding token went with the product.
        #expect(try await test.rowCount("deleteToken") == 0)
    }
}
