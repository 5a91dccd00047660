import OpenMarketEmbedded
import OpenMarketInput
import Foundation
import GRDB
import OpenMarketCore
@testable import OpenMarketStore
import Testing

@Suite("Product search", .timeLimit(.minutes(10)))
struct ProductSearchTests {
    /// A market with a few products whose names and descriptions exercise the search.
    struct Catalog {
        let test: TestMarket
        let camera: ProductDetail
        let chair: ProductDetail
        let dvd: ProductDetail
        let shirt: ProductDetail
        let espresso: ProductDetail

        init() async throws {
            test = try await TestMarket()
            camera = try await test.create(name: "Vintage Film Camera", description: "Fully working 35mm rangefinder.")
            chair = try await test.create(name: "원목 의자", description: "튼튼한 식탁 의자입니다. 직거래 우선.")
            dvd = try await test.create(name: "Tom & Jerry <DVD> \"Special\" 판", description: "Collector's edition, sealed.")
            shirt = try await test.create(name: "100% Cotton Shirt", description: "Soft shirt in size M.")
            espresso = try await test.create(name: "Espresso Machine", description: "Makes two cups at once, steam wand included.")
        }

        func search(_ text: String, page: Int = 1, perPage: Int = 20) async throws -> ProductPage? {
            try await test.market.products(ProductQuery(page: page, perPage: perPage, search: text))
        }

        func ids(_ text: String) async throws -> [Int] {
            try await search(text)?.products.map(\.id) ?? []
        }
    }

    @Test func searchIgnoresCase() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("CAMERA") == [catalog.camera.id])
        #expect(try await catalog.ids("vintage film") == [catalog.camera.id])
        #expect(try await catalog.ids("eSpReSsO") == [catalog.espresso.id])
    }

    @Test func searchMatchesDescriptions() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("rangefinder") == [catalog.camera.id])
        #expect(try await catalog.ids("steam wand") == [catalog.espresso.id])
    }

    @Test func searchFindsSubstringsInsideWords() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("ntag") == [catalog.camera.id])
        #expect(try await catalog.ids("ress") == [catalog.espresso.id])
        #expect(try await catalog.ids("식탁 의") == [catalog.chair.id])
    }

    @Test func shortQueriesWork() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("의자") == [catalog.chair.id])
        #expect(try await catalog.ids("판") == [catalog.dvd.id])
        #expect(try await catalog.ids("FI") == [catalog.camera.id])
        #expect(try await catalog.ids("zz") == [])
    }

    @Test func quotesAreLiteral() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("\"Special\"") == [catalog.dvd.id])
        #expect(try await catalog.ids("\"") == [catalog.dvd.id])
        #expect(try await catalog.ids("\"Camera\"") == [])
        #expect(try await catalog.ids("Camera\"") == [])
        #expect(try await catalog.ids("Collector's") == [catalog.dvd.id])
    }

    @Test func wildcardsAreLiteral() async throws {
        let catalog = try await Catalog()
        #expect(try await catalog.ids("%") == [catalog.shirt.id])
        #expect(try await catalog.ids("0%") == [catalog.shirt.id])
        #expect(try await catalog.ids("100%") == [catalog.shirt.id])
        #expect(try await catalog.ids("_") == [])
        #expect(try await catalog.ids("%%") == [])
        #expect(try await catalog.ids("V_ntage") == [])
        #expect(try await catalog.ids("\\") == [])
    }

    @Test("Query syntax and SQL in the text neither fail nor widen the search", arguments: [
        "Camera OR Lamp", "NEAR(camera", "cam*", "' OR 1=1 --", "name:camera", "-camera", "^Vintage", "(", "*",
    ])
    func syntaxInTheQueryIsJustText(text: String) async throws {
        let catalog = try await Catalog()
        let page = try await catalog.search(text)
        #expect(page?.products == [])
        #expect(page?.totalCount == 0)
    }

    @Test func totalCountReflectsTheSearch() async throws {
        let catalog = try await Catalog()
        // "in" is in three products ("Machine", "shirt in size", "Vintage"), not in the chair or the DVD.
        let page = try #require(try await catalog.search("in", perPage: 2))
        #expect(page.totalCount == 3)
        #expect(page.lastPage == 2)
        #expect(page.products.map(\.id) == [catalog.espresso.id, catalog.shirt.id])
        let second = try #require(try await catalog.search("in", page: 2, perPage: 2))
        #expect(second.products.map(\.id) == [catalog.camera.id])
        #expect(try await catalog.search("in", page: 3, perPage: 2) == nil)
        #expect(try await catalog.search("Camera")?.totalCount == 1)
    }

    @Test func searchWithNoHitsIsAnEmptyFirstPage() async throws {
        let catalog = try await Catalog()
        let page = try await catalog.search("submarine")
        #expect(page?.products == [])
        #expect(page?.totalCount == 0)
    }

    @Test func renamedProductIsFoundByItsNewNameOnly() async throws {
        let catalog = try await Catalog()

        _ = try await catalog.test.market.updateProduct(
            id: catalog.camera.id, changes: ProductChanges(name: "Rangefinder Body", description: "Leica-style body, no lens."),
            credentials: catalog.test.ownerCredentials)

        #expect(try await catalog.ids("Rangefinder") == [catalog.camera.id])
        #expect(try await catalog.ids("Leica") == [catalog.camera.id])
        #expect(try await catalog.ids("Vintage") == [])
        #expect(try await catalog.ids("35mm") == [])
    }

    @Test func updateOfOtherFieldsKeepsTheProductFindable() async throws {
        let catalog = try await Catalog()
        _ = try await catalog.test.market.updateProduct(
            id: catalog.camera.id, changes: ProductChanges(stock: 9), credentials: catalog.test.ownerCredentials)
        #expect(try await catalog.ids("Vintage") == [catalog.camera.id])
    }

    @Test func deletedProductIsNoLongerFound() async throws {
        let catalog = try await Catalog()

        _ = try await catalog.test.market.deleteProduct(id: catalog.camera.id, credentials: catalog.test.ownerCredentials)

        #expect(try await catalog.ids("Camera") == [])
        #expect(try await catalog.ids("Fi") == [])
        #expect(try await catalog.search("Camera")?.totalCount == 0)
        #expect(try await catalog.ids("Espresso") == [catalog.espresso.id])
    }

    @Test func searchResultsCarryFullSummaries() async throws {
        let catalog = try await Catalog()
        let found = try #require(try await catalog.search("Cotton")?.products.first)
        #expect(found.name == "100% Cotton Shirt")
        #expect(found.vendorName == "Owner Shop")
        #expect(found.thumbnailURL == catalog.shirt.thumbnailURL)
    }
}

/// Hostile strings through the production search: each returns normally, and typed syntax is only text.
@Suite("Product search input safety", .timeLimit(.minutes(10)))
struct ProductSearchSafetyTests {
    @Test("Hostile input returns normally", arguments: SearchExpressionTests.hostile)
    func hostileInputReturnsNormally(typed: String) async throws {
        let catalog = try await ProductSearchTests.Catalog()
        let page = try await catalog.test.market.products(ProductQuery(page: 1, perPage: 20, search: typed))
        let listing = try await catalog.test.market.listingPage(ProductListing(search: typed, sort: .price), limit: 20, offset: 0)
        #expect(page != nil)
        #expect(listing.total <= 5)
    }

    @Test func typedOROnlyFindsTheTextOR() async throws {
        let catalog = try await ProductSearchTests.Catalog()
        let all = [catalog.camera, catalog.chair, catalog.dvd, catalog.shirt, catalog.espresso]
        let expected = all.filter { ($0.name + " " + $0.description).lowercased().contains("or") }.map(\.id).sorted(by: >)

        #expect(try await catalog.ids("OR") == expected)
        #expect(!expected.isEmpty && expected.count < all.count)
        #expect(try await catalog.ids("a OR b") == [])
        #expect(try await catalog.ids("NOT") == [])
    }

    @Test func quoteWithCombiningMarkAndNULAreSearchedAsText() async throws {
        let catalog = try await ProductSearchTests.Catalog()
        let quoteWithMark = "\"\u{301}abc", quotedOR = "\"\u{301} OR \"\u{301}"
        #expect(try await catalog.search(quoteWithMark)?.products == [])
        #expect(try await catalog.search(quotedOR)?.products == [])
        #expect(try await catalog.ids("Vint\u{0}age") == [catalog.camera.id])
        #expect(try await catalog.ids("\u{FEFF}의자") == [catalog.chair.id])
    }
}

/// Long queries are found through every third trigram and checked with LIKE, when LIKE folds case as the
/// trigram index does; otherwise through the whole phrase.
@Suite("Long product searches", .timeLimit(.minutes(10)))
struct LongProductSearchTests {
    @Test func longQueriesMatchExactlyTheSubstringWhateverTheirForm() async throws {
        let catalog = try await ProductSearchTests.Catalog()
        let cafe = try await catalog.test.create(name: "Café au lait bowl", description: "Große Schale für Milchkaffee.")
        #expect(try await catalog.ids("VINTAGE FILM") == [catalog.camera.id])
        #expect(try await catalog.ids("100% Cotton") == [catalog.shirt.id])
        #expect(try await catalog.ids("100_ Cotton") == [])
        #expect(try await catalog.ids("Film Vintage") == [])
        #expect(try await catalog.ids("식탁 의자입니다") == [catalog.chair.id])
        #expect(try await catalog.ids("<DVD> \"Special\"") == [catalog.dvd.id])
        // Cased letters beyond ASCII: the phrase path, which folds them as the index does.
        #expect(try await catalog.ids("CAFÉ AU LAIT") == [cafe.id])
        #expect(try await catalog.ids("GROSSE SCHALE") == [])
        #expect(try await catalog.ids("große schale") == [cafe.id])
    }

    @Test func theVerifiedFormIsUsedOnlyWhereLikeFoldsCaseLikeTheIndex() throws {
        #expect(ProductSearch("Espresso Machine No. 123")?.verification?.prefilter == "\"Esp\" AND \"res\" AND \"so \" AND \"Mac\" AND \"hin\" AND \"e N\" AND \"o. \" AND \"123\"")
        #expect(ProductSearch("깨끗한 원목 의자")?.verification != nil)
        #expect(ProductSearch("100%_x\\yz")?.verification?.pattern == "%100\\%\\_x\\\\yz%")
        #expect(ProductSearch("CAFÉ AU LAIT")?.verification == nil)
        #expect(ProductSearch("chair")?.verification == nil)
    }

    /// Every trigram of the phrase is in one product of five: stepping through its 20 lists costs less than
    /// checking one row, so the whole phrase is read from the index (the rarest trigrams' rows are checked
    /// where lists are long; see `SearchNarrowingTests`).
    @Test func aLongSearchOfRareTrigramsReadsTheWholePhrase() async throws {
        let catalog = try await ProductSearchTests.Catalog()
        let search = try #require(ProductSearch("Makes two cups at once"))
        let prepared = try await catalog.test.market.database.read { db in try search.prepared(db) }
        #expect(prepared.readsWholePhrase)
        #expect(prepared.rarest == nil)
        #expect(try await catalog.ids("Makes two cups at once") == [catalog.espresso.id])
        #expect(try await catalog.ids("MAKES TWO CUPS AT ONCE") == [catalog.espresso.id])
        #expect(try await catalog.ids("Makes two cups at twice") == [])
    }
}
