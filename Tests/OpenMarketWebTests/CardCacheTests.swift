import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// List pages take their cards, HTML included, from `CardCache`: the page must be the page it would be without
/// the cache, and a changed product must show at once.
@Suite("Card cache", .timeLimit(.minutes(10)))
struct CardCacheTests {
    static let renderer = Result { try PageRenderer(templatesDirectory: PageRenderingTests.templatesDirectory) }

    static func page(_ language: Language, view: ListView, products: [ProductSummary], cards: CardCache?) -> ProductListPage {
        let market = ProductPage(pageNo: 2, itemsPerPage: 20, totalCount: 95, products: products)
        var page = ProductListPage(context: SamplePages.context(language), query: ListQuery(page: 2), view: view, page: market)
        let inputs = ListContent.Inputs(query: ListQuery(page: 2), view: view, language: language, day: Formatting.dayNumber(Date()), page: market)
        page.content = ListContent(inputs, cards: cards)
        return page
    }

    /// Discounts, sold out and low stock, both currencies, eager and lazy photos, text that needs escaping; each page
    /// rendered twice with the cache (the second time every card comes from it) against the page made without it.
    @Test func pagesWithKeptCardsAreByteForBytePagesWithout() throws {
        let renderer = try Self.renderer.get()
        let cache = CardCache(library: renderer.library)
        let products = (21...40).map(SamplePages.summary)
        for language in Language.allCases {
            for view in [ListView.grid, .list] {
                let plain = try renderer.library.render(
                    Self.page(language, view: view, products: products, cards: nil), template: ProductListPage.templateName)
                for pass in 1...2 {
                    let page = Self.page(language, view: view, products: products, cards: cache)
                    #expect(page.content.cards.allSatisfy { $0.card.fragment != nil })
                    let kept = try renderer.library.render(page, template: ProductListPage.templateName)
                    let same = kept == plain
                    #expect(same, "\(language) \(view) pass \(pass): \(PageRenderingTests.firstDifference(kept, plain))")
                }
            }
        }
        #expect(cache.count == 2 * 20)
    }

    /// For a page that is not kept, kept cards are used and missing ones made for it alone: nothing new is kept.
    @Test func aPageNotKeptTakesKeptCardsAndKeepsNoNewOnes() throws {
        let renderer = try Self.renderer.get()
        let cache = CardCache(library: renderer.library)
        let products = (1...4).map(SamplePages.summary)
        let kept = cache.cards(for: Array(products[0..<2]), lazyFrom: 4, language: .korean)
        #expect(cache.count == 2 && kept.allSatisfy { $0.card.fragment != nil })
        let unkept = cache.cards(for: products, lazyFrom: 4, language: .korean, keepingNew: false)
        #expect(cache.count == 2, "nothing new kept")
        #expect(unkept.map(\.card.id) == [1, 2, 3, 4])
        #expect(unkept[0] === kept[0] && unkept[1] === kept[1], "the kept cards themselves")
        #expect(unkept[2].card.fragment == nil && unkept[3].card.fragment == nil, "made for this page alone, not rendered on their own")
        _ = cache.cards(for: products, lazyFrom: 4, language: .korean)
        #expect(cache.count == 4)
    }

    @Test func aChangedProductIsMadeAgainAndTheOldCardIsNeverShown() throws {
        let renderer = try Self.renderer.get()
        let cache = CardCache(library: renderer.library)
        let context = SamplePages.context(.korean)
        var product = SamplePages.summary(7)
        let before = cache.cards(for: [product], lazyFrom: 4, language: .korean)
        #expect(before.first?.card.fragment?.html.contains("Product 7 ") == true)
        let changes: [(inout ProductSummary) -> Void] = [
            { $0.name = "Renamed lamp" }, { $0.price = 99_999 }, { $0.stock = 0 }, { $0.vendorName = "Other" },
        ]
        for change in changes {
            change(&product)
            let html = try #require(cache.cards(for: [product], lazyFrom: 4, language: .korean).first?.card.fragment?.html)
            var card = ProductCard(product, format: context.format, strings: context.strings)
            card.isLazy = false
            let fresh = try renderer.library.renderFragment(
                ProductCard.FragmentRoot(card: card, texts: context.strings.templateTexts), template: ProductCard.partial)
            #expect(html == fresh.html)
        }
        #expect(cache.count == 1)
    }

    @Test func cardsAreKeptPerLanguagePhotoLoadingAndDay() throws {
        let renderer = try Self.renderer.get()
        let cache = CardCache(library: renderer.library)
        let product = SamplePages.summary(3)
        let korean = try #require(cache.cards(for: [product], lazyFrom: 1, language: .korean, now: SamplePages.day).first)
        let english = try #require(cache.cards(for: [product], lazyFrom: 1, language: .english, now: SamplePages.day).first)
        #expect(korean.card.fragment?.html.contains("오늘") == true)
        #expect(english.card.fragment?.html.contains("today") == true)
        let lazy = try #require(cache.cards(for: [product], lazyFrom: 0, language: .korean, now: SamplePages.day).first)
        #expect(lazy.card.fragment?.html.contains("loading=\"lazy\"") == true)
        #expect(korean.card.fragment?.html.contains("loading=\"lazy\"") == false)
        let nextDay = try #require(
            cache.cards(for: [product], lazyFrom: 1, language: .korean, now: SamplePages.day.addingTimeInterval(86_400)).first)
        #expect(nextDay.card.fragment?.html.contains("어제") == true)
    }

    @Test func theCacheStaysBounded() throws {
        let cache = CardCache(library: try Self.renderer.get().library)
        for start in stride(from: 1, to: CardCache.capacity + 200, by: 100) {
            _ = cache.cards(for: (start..<start + 100).map(SamplePages.summary), lazyFrom: 4, language: .english)
            #expect(cache.count <= CardCache.capacity)
        }
    }

    /// Through the whole application: after an edit through the storefront's form, then one through the API, the
    /// list (page and JSON) and the product page show the new values at once, in both languages.
    @Test func anEditShowsAtOnceOnTheListAndTheProductPageInBothLanguages() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let readers = ["ko", "en"].map { StorefrontBrowser(client, headers: [.acceptLanguage: $0]) }
            func expectEverywhere(_ shown: String, not hidden: String) async throws {
                for reader in readers {
                    var browser = reader
                    for uri in ["/products", "/products?view=list", "/products/\(lantern.id)"] {
                        let page = try await browser.get(uri)
                        #expect(page.text.contains(shown) && !page.text.contains(hidden), "\(uri) \(browser.defaultHeaders)")
                    }
                }
                let list = try await client.execute(uri: "/api/products", method: .get)
                #expect(list.text.contains(shown) && !list.text.contains(hidden), "/api/products")
                let detail = try await client.execute(uri: "/api/products/\(lantern.id)", method: .get)
                #expect(detail.text.contains(shown) && !detail.text.contains(hidden), "/api/products/\(lantern.id)")
            }
            // Every page read twice first, so each answer is kept.
            try await expectEverywhere(lantern.name, not: "Lantern renamed by form")
            try await expectEverywhere(lantern.name, not: "Lantern renamed by form")

            var seller = StorefrontBrowser(client)
            try await seller.get(SiteURLs.edit(lantern.id))
            let edited = try await seller.post(
                SiteURLs.edit(lantern.id),
                fields: lantern.editFields(password: TestSupport.vendor.secret, changing: ["name": "Lantern renamed by form"]))
            #expect(edited.status == .seeOther)
            try await expectEverywhere("Lantern renamed by form", not: lantern.name)

            let patched = try await client.execute(
                uri: "/api/products/\(lantern.id)", method: .patch,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "Lantern renamed by API", "secret": "\#(TestSupport.vendor.secret)"}"#))
            #expect(patched.status == .ok)
            try await expectEverywhere("Lantern renamed by API", not: "Lantern renamed by form")
        }
    }
}
