import Foundation
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Updating products", .timeLimit(.minutes(10)))
struct SQLiteMarketUpdateTests {
    @Test func onlyTheGivenFieldsChange() async throws {
        let test = try await TestMarket()
        let created = try await test.create(
            name: "Vintage Film Camera", description: "A working 35mm camera with a fresh battery.", price: 129000,
            discountedPrice: 9000, stock: 3, images: [TestImages.png(), TestImages.jpeg()])

        let updated = try await test.market.updateProduct(id: created.id, changes: ProductChanges(stock: 7), credentials: test.ownerCredentials)

        var expected = created
        expected.stock = 7
        #expect(updated == expected)
        #expect(try await test.market.product(id: created.id) == expected)
    }

    @Test func nameAndPriceChangeTogether() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: 20000, discountedPrice: 1000)

        let updated = try await test.market.updateProduct(
            id: created.id, changes: ProductChanges(name: "Renamed Camera", price: 25000), credentials: test.ownerCredentials)

        #expect(updated.name == "Renamed Camera")
        #expect(updated.price == 25000)
        #expect(updated.discountedPrice == 1000)
        #expect(updated.description == created.description)
        #expect(updated.images == created.images)
    }

    @Test func invalidChangeIsRefusedAndChangesNothing() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: 20000, discountedPrice: 1000)
        let before = try await test.snapshot()

        // A lower price would leave the discount above it: the rule spans the stored and the new value.
        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(
                id: created.id, changes: ProductChanges(name: "OK name", price: 500), credentials: test.ownerCredentials)
        }

        #expect(error?.fields == [.discountedPrice])
        #expect(try await test.snapshot() == before)
    }

    @Test func thumbnailOfAnotherProductIsInvalid() async throws {
        let test = try await TestMarket()
        let mine = try await test.create(name: "First product")
        let other = try await test.create(name: "Second product")
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(
                id: mine.id, changes: ProductChanges(name: "Renamed", thumbnailID: other.images[0].id), credentials: test.ownerCredentials)
        }

        #expect(error?.fields == [.thumbnailID])
        #expect(try await test.snapshot() == before)
    }

    @Test func validThumbnailChangesTheDetailAndListThumbnail() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.png(), TestImages.jpeg(filename: "b.jpg"), TestImages.gif()])
        let chosen = created.images[1]

        let updated = try await test.market.updateProduct(
            id: created.id, changes: ProductChanges(thumbnailID: chosen.id), credentials: test.ownerCredentials)

        #expect(updated.thumbnailURL == chosen.thumbnailURL)
        #expect(updated.thumbnailImageID == chosen.id)
        #expect(updated.images == created.images)
        let listed = try #require(try await test.market.products(ProductQuery()))
        #expect(listed.products.first?.thumbnailURL == chosen.thumbnailURL)
    }

    @Test func anotherVendorsProductIsForbiddenAndUnchanged() async throws {
        let test = try await TestMarket()
        let created = try await test.create()
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(id: created.id, changes: ProductChanges(name: "Stolen"), credentials: test.neighborCredentials)
        }

        #expect(error?.kind == .forbidden)
        #expect(try await test.snapshot() == before)
        #expect(try await test.market.product(id: created.id).name == created.name)
    }

    @Test func wrongSecretIsUnauthorizedAndUnchanged() async throws {
        let test = try await TestMarket()
        let created = try await test.create()
        let before = try await test.snapshot()
        let wrong = VendorCredentials(identifier: test.owner.identifier, secret: "guess")

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(id: created.id, changes: ProductChanges(stock: 0), credentials: wrong)
        }

        #expect(error?.kind == .unauthorized)
        #expect(try await test.snapshot() == before)
    }

    @Test func unknownProductIsNotFound() async throws {
        let test = try await TestMarket()
        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(id: 42, changes: ProductChanges(stock: 1), credentials: test.ownerCredentials)
        }
        #expect(error?.kind == .notFound)
    }

    @Test func currencyChangesWhenThePriceFits() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: 12000, currency: .krw, discountedPrice: 0)
        let price = Decimal(string: "9.99")!

        let updated = try await test.market.updateProduct(
            id: created.id, changes: ProductChanges(price: price, currency: .usd), credentials: test.ownerCredentials)

        #expect(updated.currency == .usd)
        #expect(updated.price == price)
        #expect(try await test.market.product(id: created.id).price == price)
    }

    @Test func currencyChangeKeepsAWholePrice() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: 15, currency: .krw, discountedPrice: 5)

        let updated = try await test.market.updateProduct(id: created.id, changes: ProductChanges(currency: .usd), credentials: test.ownerCredentials)

        // 15 won read as 15 dollars: stored as 1500 cents, not 15.
        #expect(updated.price == 15)
        #expect(updated.discountedPrice == 5)
    }

    @Test func fractionalPriceCannotMoveToWon() async throws {
        let test = try await TestMarket()
        let created = try await test.create(price: Decimal(string: "9.99")!, currency: .usd)
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.updateProduct(id: created.id, changes: ProductChanges(currency: .krw), credentials: test.ownerCredentials)
        }

        #expect(error?.fields == [.price])
        #expect(try await test.snapshot() == before)
    }
}
