import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour, for what the web layer asks of an embedded market beyond the API: products' own
/// passwords and creation keys, photo replacement, seller pages, batch reads, restores, sample data, consistency.
/// PostgreSQL cases run when OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: the embedded market's capabilities", .timeLimit(.minutes(10)))
struct ContractEmbeddedTests {
    static func draft(_ name: String = "Kept chair", stock: Int = 2) -> ProductDraft {
        ProductDraft(name: name, description: "A chair kept for a restore.", price: 30000, currency: .krw, discountedPrice: 5000, stock: stock)
    }

    @Test("A product's own password and creation key are kept with it; old hashes are adopted once", arguments: MarketKind.available)
    func productPasswords(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let owned = try await store.createProduct(
                Self.draft("Owned lamp"), images: [TestImages.png()], credentials: market.owner.credentials, password: "lamp-pass-1",
                creationKey: "key-1")
            let plain = try await market.create(name: "Plain lamp")
            #expect(try await store.checkProductPassword(id: owned.id, password: "lamp-pass-1") == .matches)
            #expect(try await store.checkProductPassword(id: owned.id, password: "lamp-pass-2") == .wrong)
            #expect(try await store.checkProductPassword(id: plain.id, password: "anything") == .noPassword)
            let missing = await #expect(throws: OpenMarketError.self) { try await store.checkProductPassword(id: 999_999, password: "x") }
            #expect(missing == .notFound("Product 999999 does not exist."))
            #expect(try await store.productID(creationKey: "key-1") == owned.id)
            #expect(try await store.productID(creationKey: "key-2") == nil)

            // A wrong secret writes nothing, whatever the password.
            let refused = await #expect(throws: OpenMarketError.self) {
                try await store.createProduct(
                    Self.draft(), images: [TestImages.png()], credentials: .init(identifier: market.owner.identifier, secret: "wrong"),
                    password: "pass-word-3", creationKey: "key-3")
            }
            #expect(refused == .unauthorized("The identifier and secret do not match a vendor."))
            #expect(try await store.productID(creationKey: "key-3") == nil)

            let hash = try await TestMarket.hasher.hash("adopted-pass")
            let other = try await TestMarket.hasher.hash("other-pass")
            let adopted = try await store.adoptProductPasswordHashes([plain.id: hash, owned.id: other, 999_999: hash])
            #expect(adopted == 1)
            #expect(try await store.checkProductPassword(id: plain.id, password: "adopted-pass") == .matches)
            #expect(try await store.checkProductPassword(id: owned.id, password: "lamp-pass-1") == .matches)
            #expect(try await store.adoptProductPasswordHashes([plain.id: other]) == 0)
        }
    }

    @Test("Replacing photos puts the new ones in place of all the old, or changes nothing", arguments: MarketKind.available)
    func imageReplacement(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Two photo desk", images: [TestImages.png(), TestImages.jpeg()])
            var changes = ProductChanges()
            changes.name = "One photo desk"
            let replaced = try await store.updateProduct(
                id: product.id, changes: changes, replacingImages: [TestImages.webp()], credentials: market.owner.credentials)
            #expect(replaced.name == "One photo desk")
            #expect(replaced.images.count == 1)
            #expect(Set(replaced.images.map(\.id)).isDisjoint(with: product.images.map(\.id)))
            #expect(replaced.thumbnailURL == replaced.images[0].thumbnailURL)
            for old in product.images {
                #expect(try await store.image(named: String(old.url.split(separator: "/").last ?? "")) == nil)
            }
            let newName = String(replaced.images[0].url.split(separator: "/").last ?? "")
            #expect(try await store.image(named: newName) != nil)

            changes.name = "Not this name"
            let forbidden = await #expect(throws: OpenMarketError.self) {
                try await store.updateProduct(
                    id: product.id, changes: changes, replacingImages: [TestImages.png()], credentials: market.neighbor.credentials)
            }
            #expect(forbidden == .forbidden("Product \(product.id) belongs to another vendor."))
            let refused = await #expect(throws: OpenMarketError.self) {
                try await store.updateProduct(
                    id: product.id, changes: changes, replacingImages: [TestImages.text()], credentials: market.owner.credentials)
            }
            #expect(refused != nil)
            #expect(try await store.product(id: product.id) == replaced)
        }
    }

    @Test("The admin acts as each product's owner", arguments: MarketKind.available)
    func ownerWrites(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await market.create(name: "Neighbor's kettle", credentials: market.neighbor.credentials)
            var changes = ProductChanges()
            changes.stock = 0
            changes.price = 9000
            let updated = try await store.updateProductAsOwner(id: product.id, changes: changes)
            #expect(updated.stock == 0 && updated.price == 9000 && updated.vendorID == market.neighbor.id)
            changes.discountedPrice = 10000
            let invalid = await #expect(throws: OpenMarketError.self) { try await store.updateProductAsOwner(id: product.id, changes: changes) }
            #expect(invalid != nil)
            #expect(try await store.product(id: product.id) == updated)
            #expect(try await store.deleteProductAsOwner(id: product.id) == updated)
            let gone = await #expect(throws: OpenMarketError.self) { try await store.deleteProductAsOwner(id: product.id) }
            #expect(gone == .notFound("Product \(product.id) does not exist."))
            #expect(try await store.productCount() == 0)
            #expect(try await store.consistencyProblems(sample: 10) == [])
        }
    }

    @Test("A vendor's products page by key, newest first, with the vendor's total", arguments: MarketKind.available)
    func sellerPages(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            var ids: [Int] = []
            for index in 0..<7 {
                ids.append(try await market.create(name: "Shelf \(index)").id)
                if index % 3 == 0 { _ = try await market.create(name: "Neighbor shelf \(index)", credentials: market.neighbor.credentials) }
            }
            let newest = ids.reversed().map { $0 }
            let first = try #require(try await store.vendorProducts(vendorID: market.owner.id, from: .newest, limit: 3))
            #expect(first.total == 7 && first.products.map(\.id) == Array(newest[0..<3]) && !first.hasNewer && first.hasOlder)
            #expect(first.vendor.name == "Owner Shop")
            let second = try #require(try await store.vendorProducts(vendorID: market.owner.id, from: .olderThan(newest[2]), limit: 3))
            #expect(second.products.map(\.id) == Array(newest[3..<6]) && second.hasNewer && second.hasOlder)
            let last = try #require(try await store.vendorProducts(vendorID: market.owner.id, from: .olderThan(newest[5]), limit: 3))
            #expect(last.products.map(\.id) == [newest[6]] && last.hasNewer && !last.hasOlder)
            let back = try #require(try await store.vendorProducts(vendorID: market.owner.id, from: .newerThan(newest[6]), limit: 3))
            #expect(back.products.map(\.id) == Array(newest[3..<6]) && back.hasNewer && back.hasOlder)
            let top = try #require(try await store.vendorProducts(vendorID: market.owner.id, from: .newerThan(newest[2]), limit: 3))
            #expect(top.products.map(\.id) == Array(newest[0..<3]) && !top.hasNewer)
            #expect(try await store.vendorProducts(vendorID: 999_999, from: .newest, limit: 3) == nil)
            #expect(try await store.vendorProducts(vendorID: market.neighbor.id, from: .newest, limit: 10)?.total == 3)

            let batch = try await store.summaries(ids: [ids[2], 999_999, ids[0], -1])
            #expect(batch.map(\.id) == [ids[2], ids[0]])
            #expect(try await store.summaries(ids: []) == [])
        }
    }

    @Test("A deleted product is listed again with its photos, main photo and password", arguments: MarketKind.available)
    func relisting(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let product = try await store.createProduct(
                Self.draft(), images: [TestImages.png(), TestImages.jpeg()], credentials: market.owner.credentials,
                password: "chair-pass-1", creationKey: "first-key")
            var changes = ProductChanges()
            changes.thumbnailID = product.images[1].id
            _ = try await market.api.updateProduct(id: product.id, changes: changes, credentials: market.owner.credentials)
            let keepsake = try await store.keepsake(productID: product.id)
            #expect(keepsake.photos.count == 2 && keepsake.mainPosition == 1 && keepsake.passwordHash != nil)
            for (photo, image) in zip(keepsake.photos, product.images) {
                let served = try #require(try await store.image(named: String(image.url.split(separator: "/").last ?? "")))
                #expect(photo.data == served.bytes && photo.mediaType == served.mediaType)
            }
            _ = try await store.deleteProductAsOwner(id: product.id)

            let missingVendor = await #expect(throws: OpenMarketError.self) {
                try await store.relist(Self.draft(), keepsake: keepsake, vendorID: 999_999, creationKey: "restore-0", formerID: product.id)
            }
            #expect(missingVendor == .notFound("Vendor 999999 does not exist."))
            let restored = try await store.relist(
                Self.draft(), keepsake: keepsake, vendorID: market.owner.id, creationKey: "restore-1", formerID: product.id)
            // Under its old id, so links and bookmarks to it work again; found by reads, search and the counters.
            #expect(restored.id == product.id && restored.name == product.name && restored.vendorID == market.owner.id)
            #expect(try await market.api.product(id: product.id).name == product.name)
            #expect(try await market.api.products(ProductQuery(search: "Kept chair"))?.products.map(\.id) == [product.id])
            #expect(try await store.consistencyProblems(sample: 100) == [])
            // An id a product holds is never taken over: the relisting gets a new one.
            let other = try await store.relist(
                Self.draft(), keepsake: keepsake, vendorID: market.owner.id, creationKey: "restore-2", formerID: product.id)
            #expect(other.id != product.id && other.id > 0)
            #expect(try await market.api.product(id: product.id).id == restored.id)
            #expect(restored.images.count == 2)
            #expect(restored.thumbnailURL == restored.images[1].thumbnailURL)
            for (photo, image) in zip(keepsake.photos, restored.images) {
                let served = try #require(try await store.image(named: String(image.url.split(separator: "/").last ?? "")))
                #expect(photo.data == served.bytes)
            }
            #expect(try await store.checkProductPassword(id: restored.id, password: "chair-pass-1") == .matches)
            #expect(try await store.productID(creationKey: "restore-1") == restored.id)
            // A product that is gone leaves nothing to keep (and so cannot be restored).
            _ = try await store.deleteProductAsOwner(id: other.id)
            #expect(try await store.keepsake(productID: other.id) == ProductKeepsake(photos: [], mainPosition: 0, passwordHash: nil))
        }
    }

    @Test("Vendors are upserted by identifier; a name another identifier holds is refused", arguments: MarketKind.available)
    func vendors(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let identifier = "0f0e0d0c-1111-2222-3333-444455556666"
            let made = try await store.upsertVendor(name: "third_shop", identifier: identifier, secret: "third-secret")
            #expect(try await store.vendor(identifier: identifier) == made)
            let renamed = try await store.upsertVendor(name: "third_shop_2", identifier: identifier, secret: "new-secret")
            #expect(renamed.id == made.id && renamed.name == "third_shop_2")
            let taken = await #expect(throws: OpenMarketError.self) {
                try await store.upsertVendor(name: "Owner Shop", identifier: identifier, secret: "x-secret")
            }
            #expect(taken == .invalid([.init(field: nil, message: "Another vendor is already called Owner Shop.")]))
            let malformed = await #expect(throws: OpenMarketError.self) {
                try await store.upsertVendor(name: "bad", identifier: "not an id!", secret: "x-secret")
            }
            #expect(malformed == .invalid([.init(field: nil, message: "A vendor identifier is a UUID (hex digits and dashes).")]))
            #expect(try await store.vendor(identifier: "ffffffff-0000-0000-0000-000000000000") == nil)
            // The new secret works, the old one no longer does.
            let credentials = VendorCredentials(identifier: identifier, secret: "new-secret")
            _ = try await market.create(name: "Third shop's cup", credentials: credentials)
            let old = await #expect(throws: OpenMarketError.self) {
                try await market.create(credentials: VendorCredentials(identifier: identifier, secret: "third-secret"))
            }
            #expect(old == .unauthorized("The identifier and secret do not match a vendor."))
        }
    }

    @Test("Sample data fills an empty market once, over two vendors", arguments: MarketKind.available)
    func sampleData(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let owner = try #require(try await store.vendor(identifier: market.owner.identifier))
            let neighbor = try #require(try await store.vendor(identifier: market.neighbor.identifier))
            let loaded = try await store.loadSampleData(from: TestImages.sampleData, owner: owner, neighbor: neighbor)
            #expect(loaded > 6)
            #expect(try await store.productCount() == loaded)
            #expect(try await store.loadSampleData(from: TestImages.sampleData, owner: owner, neighbor: neighbor) == 0)
            let neighbors = try await store.vendorProducts(vendorID: neighbor.id, from: .newest, limit: 50)
            #expect((neighbors?.total ?? 0) > 0 && (neighbors?.total ?? 0) < loaded)
            // Newest first by id is newest first by date.
            let page = try #require(try await store.products(ProductQuery(page: 1, perPage: 50)))
            #expect(page.products.map(\.createdAt) == page.products.map(\.createdAt).sorted(by: >))
            #expect(try await store.consistencyProblems(sample: 50) == [])
        }
    }

    @Test("A fill adds varied products that listings, filters and photos see", arguments: MarketKind.available)
    func fill(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let report = switch market.store {
            case .sqlite(let sqlite): try await sqlite.fill(products: 300, batchSize: 120)
            case .postgres(let postgres): try await postgres.fill(products: 300, batchSize: 120)
            }
            #expect(report.products == 300 && report.images >= 300)
            #expect(try await store.productCount() == 300)
            #expect(try await store.consistencyProblems(sample: 50) == [])
            let won = try await store.listingPage(ProductListing(currency: .krw), limit: 10, offset: 0).total
            let dollars = try await store.listingPage(ProductListing(currency: .usd), limit: 10, offset: 0).total
            #expect(won + dollars == 300 && won > 0 && dollars > 0)
            let newest = try #require(try await store.products(ProductQuery(perPage: 10))?.products.first)
            let detail = try await store.product(id: newest.id)
            let photo = try #require(detail.images.first)
            #expect(try await store.image(named: String(photo.url.split(separator: "/").last ?? ""))?.bytes.isEmpty == false)
            // Filled products are found like any other, by a word of their name.
            let word = String(detail.name.split(separator: " ").first ?? "")
            #expect(try await store.listingPage(ProductListing(search: word), limit: 50, offset: 0).total > 0)
        }
    }
}
