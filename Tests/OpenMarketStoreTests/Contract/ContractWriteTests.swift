import Foundation
import OpenMarketCore
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: writing products. PostgreSQL cases run when OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: writes", .timeLimit(.minutes(10)))
struct ContractWriteTests {
    typealias Field = OpenMarketError.Field

    @Test("Create, list, read, update and delete", arguments: MarketKind.available)
    func productLifecycle(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let created = try await market.create(
                name: "의자 Wooden Chair", description: "A sturdy oak chair, 의자 in good shape.", price: Decimal(string: "19.99")!,
                currency: .usd, discountedPrice: Decimal(string: "4.5")!, stock: 3, images: [TestImages.png(), TestImages.jpeg()])
            #expect(created.name == "의자 Wooden Chair")
            #expect(created.price == Decimal(string: "19.99")!)
            #expect(created.discountedPrice == Decimal(string: "4.5")!)
            #expect(created.currency == .usd)
            #expect(created.stock == 3)
            #expect(created.vendor.name == "Owner Shop")
            #expect(created.vendorID == market.owner.id)
            #expect(created.images.count == 2)
            #expect(created.thumbnailURL == created.images[0].thumbnailURL)
            #expect(created.images.allSatisfy { $0.url.hasPrefix("/images/") && $0.url.contains("_origin.") })

            let page = try #require(try await market.api.products(ProductQuery()))
            #expect(page.totalCount == 1)
            #expect(page.totalIsCapped == false)
            let summary = try #require(page.products.first)
            #expect(summary.id == created.id)
            #expect(summary.vendorName == "Owner Shop")
            #expect(summary.thumbnailURL == created.thumbnailURL)
            #expect(summary.price == created.price && summary.discountedPrice == created.discountedPrice)
            #expect(summary.createdAt == created.createdAt)
            #expect(try await market.api.product(id: created.id) == created)

            let updated = try await market.api.updateProduct(
                id: created.id, changes: ProductChanges(name: "Oak Chair", thumbnailID: created.images[1].id, stock: 0),
                credentials: market.owner.credentials)
            #expect(updated.name == "Oak Chair")
            #expect(updated.stock == 0)
            #expect(updated.description == created.description)
            #expect(updated.price == created.price)
            #expect(updated.thumbnailURL == created.images[1].thumbnailURL)
            #expect(try await market.api.product(id: created.id) == updated)
            let listed = try #require(try await market.api.products(ProductQuery()))
            #expect(listed.products.map(\.name) == ["Oak Chair"])
            #expect(listed.products.first?.thumbnailURL == created.images[1].thumbnailURL)
            #expect(try await market.api.products(ProductQuery(inStockOnly: true))?.totalCount == 0)

            let deleted = try await market.api.deleteProduct(id: created.id, credentials: market.owner.credentials)
            #expect(deleted == updated)
            let error = await #expect(throws: OpenMarketError.self) { try await market.api.product(id: created.id) }
            #expect(error == .notFound("Product \(created.id) does not exist."))
            #expect(try await market.api.products(ProductQuery())?.totalCount == 0)
            #expect(try await market.image(named: String(created.images[0].url.split(separator: "/").last ?? "")) == nil)
        }
    }

    static let refusals: [(ProductDraft, OpenMarketError)] = {
        func draft(_ name: String = "Camera", _ description: String = "A working 35mm camera with a fresh battery.", price: Decimal = 100,
                   currency: Currency = .krw, discount: Decimal = 0, stock: Int = 0) -> ProductDraft {
            ProductDraft(name: name, description: description, price: price, currency: currency, discountedPrice: discount, stock: stock)
        }
        func invalid(_ rules: ProductRule...) -> OpenMarketError { .invalid(rules.map(OpenMarketError.Violation.init)) }
        return [
            (draft("ab"), invalid(.nameLength(2))),
            (draft("   "), invalid(.nameBlank)),
            (draft("Bell\u{0007}"), invalid(.nameControlCharacters)),
            (draft("Camera", "123456789"), invalid(.descriptionLength(9))),
            (draft(price: 0), invalid(.priceRange)),
            (draft(price: -100), invalid(.priceRange, .discountAbovePrice)),
            (draft(price: Decimal(string: "12000.5")!), invalid(.pricePrecision(.krw))),
            (draft(price: Decimal(string: "12.345")!, currency: .usd), invalid(.pricePrecision(.usd))),
            (draft(discount: 101), invalid(.discountAbovePrice)),
            (draft(discount: -1), invalid(.discountNegative)),
            (draft(stock: -1), invalid(.stockRange)),
            (draft("ab", "short", price: 0), invalid(.nameLength(2), .descriptionLength(5), .priceRange)),
        ]
    }()

    @Test("Broken rules are refused with the rules' errors, and nothing is written", arguments: MarketKind.available)
    func refusedDraftsChangeNothing(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let existing = try await market.create(name: "Existing product")
            for (draft, expected) in Self.refusals {
                let error = await #expect(throws: OpenMarketError.self) {
                    try await market.api.createProduct(draft, images: [TestImages.png()], credentials: market.owner.credentials)
                }
                #expect(error == expected, "\(draft.name) / \(draft.price)")
            }
            let page = try #require(try await market.api.products(ProductQuery()))
            #expect(page.products.map(\.id) == [existing.id])
            #expect(page.totalCount == 1)
        }
    }

    @Test("Photos that break the rules are refused, and nothing is written", arguments: MarketKind.available)
    func refusedImagesChangeNothing(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market async throws in
            let cases: [([ImageUpload], OpenMarketError)] = [
                ([], .invalid([.init(.imageCount(0))])),
                (Array(repeating: TestImages.png(), count: 6), .invalid([.init(.imageCount(6))])),
                ([TestImages.png(), TestImages.png(size: MarketLimits.maxImageBytes + 1)],
                 .tooLarge("Image 2 is 307201 bytes; each image may be at most 307200 bytes (300 KB).")),
                ([TestImages.text()], .unsupportedMedia("Image 1 could not be read as a JPEG, PNG, GIF, WebP or HEIC image.")),
            ]
            for (images, expected) in cases {
                let error = await #expect(throws: OpenMarketError.self) { try await market.create(images: images) }
                #expect(error == expected)
            }
            #expect(try await market.api.products(ProductQuery())?.totalCount == 0)
        }
    }

    @Test("Wrong secrets and unknown vendors are unauthorized; another vendor's product is forbidden", arguments: MarketKind.available)
    func credentialsAreChecked(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let product = try await market.create()
            let unauthorized = OpenMarketError.unauthorized("The identifier and secret do not match a vendor.")
            let wrongSecret = VendorCredentials(identifier: market.owner.identifier, secret: "not-the-secret")
            let unknown = VendorCredentials(identifier: "11111111-2222-1333-8444-555555555555", secret: TestMarket.ownerSecret)
            for credentials in [wrongSecret, unknown, VendorCredentials(identifier: market.owner.identifier, secret: TestMarket.neighborSecret)] {
                var error = await #expect(throws: OpenMarketError.self) { try await market.create(credentials: credentials) }
                #expect(error == unauthorized)
                error = await #expect(throws: OpenMarketError.self) {
                    try await market.api.updateProduct(id: product.id, changes: ProductChanges(name: "Stolen"), credentials: credentials)
                }
                #expect(error == unauthorized)
                error = await #expect(throws: OpenMarketError.self) {
                    try await market.api.deleteProduct(id: product.id, credentials: credentials)
                }
                #expect(error == unauthorized)
            }
            var error = await #expect(throws: OpenMarketError.self) {
                try await market.api.updateProduct(id: product.id, changes: ProductChanges(name: "Stolen"), credentials: market.neighbor.credentials)
            }
            #expect(error == .forbidden("Product \(product.id) belongs to another vendor."))
            error = await #expect(throws: OpenMarketError.self) {
                try await market.api.deleteProduct(id: product.id, credentials: market.neighbor.credentials)
            }
            #expect(error == .forbidden("Product \(product.id) belongs to another vendor."))
            error = await #expect(throws: OpenMarketError.self) {
                try await market.api.updateProduct(
                    id: product.id + 100, changes: ProductChanges(name: "Ghost"), credentials: market.owner.credentials)
            }
            #expect(error == .notFound("Product \(product.id + 100) does not exist."))
            #expect(try await market.api.product(id: product.id) == product)
        }
    }

    @Test("A refused update changes nothing", arguments: MarketKind.available)
    func refusedUpdatesChangeNothing(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let product = try await market.create(price: 12000, currency: .krw)
            let other = try await market.create(name: "Other product")
            let cases: [(ProductChanges, OpenMarketError)] = [
                (ProductChanges(name: "ab"), .invalid([.init(.nameLength(2))])),
                (ProductChanges(discountedPrice: 12001), .invalid([.init(.discountAbovePrice)])),
                (ProductChanges(price: Decimal(string: "10.5")!), .invalid([.init(.pricePrecision(.krw))])),
                (ProductChanges(thumbnailID: other.images[0].id), .invalid([.init(.thumbnailNotOwn(other.images[0].id))])),
            ]
            for (changes, expected) in cases {
                let error = await #expect(throws: OpenMarketError.self) {
                    try await market.api.updateProduct(id: product.id, changes: changes, credentials: market.owner.credentials)
                }
                #expect(error == expected)
            }
            #expect(try await market.api.product(id: product.id) == product)
            // A change of currency keeps a price that fits the new one.
            let dollars = try await market.api.updateProduct(
                id: product.id, changes: ProductChanges(price: Decimal(string: "9.99")!, currency: .usd), credentials: market.owner.credentials)
            #expect(dollars.price == Decimal(string: "9.99")! && dollars.currency == .usd)
        }
    }
}
