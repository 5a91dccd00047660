import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// The list and product pages render their layout around content kept by `PageContents`: a page must be byte for
/// byte the page made without it, for any visitor, and content made from other inputs is never shown.
@Suite("Kept page content", .timeLimit(.minutes(10)))
struct PageContentsTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    /// Every state of the list page, for visitors with and without a flash message and with different tokens.
    static func pages(_ contents: ListContents?) -> [(name: String, page: ProductListPage)] {
        let full = ProductPage(pageNo: 2, itemsPerPage: 20, totalCount: 95, products: (21...40).map(SamplePages.summary))
        let few = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(SamplePages.summary))
        let capped = ProductPage(
            pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(SamplePages.summary), totalIsCapped: true,
            searchCoverage: .namesOfNewest(count: 500))
        let empty = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 0, products: [])
        let states: [(String, ListQuery, ListView, ProductPage?, Bool)] = [
            ("full", ListQuery(page: 2, search: "lamp " + SamplePages.tricky), .grid, full, true),
            ("few", ListQuery(), .list, few, true),
            ("few-remote", ListQuery(), .list, few, false),
            ("capped", ListQuery(search: "lamp"), .grid, capped, true),
            ("empty", ListQuery(), .grid, empty, true),
            ("empty-filtered", ListQuery(inStockOnly: true, currency: .usd), .grid, empty, true),
            ("empty-search", ListQuery(search: SamplePages.tricky), .list, empty, true),
            ("past-end", ListQuery(page: 9), .list, nil, true),
        ]
        return Language.allCases.flatMap { language in
            [Flash.created, nil].flatMap { flash in
                states.map { name, query, view, market, sorts in
                    var context = SamplePages.context(language, flash: flash)
                    context.layout.csrfToken = flash == nil ? "other-visitor" : context.layout.csrfToken
                    var page = ProductListPage(
                        context: context, query: query, view: view, page: market, offersSortingAndFilters: sorts, contents: contents, now: day)
                    // The visitor's own strip is outside the kept content: one visitor has one, the other none.
                    if flash == nil, let market {
                        page.recentStrip = ProductStrip(products: Array(market.products.prefix(2)), strings: language.strings, format: Formatting(language: language))
                    }
                    return ("\(name) \(language) \(flash.map { "\($0)" } ?? "-")", page)
                }
            }
        }
    }

    @Test func pagesWithKeptContentAreByteForBytePagesWithout() throws {
        let renderer = try CardCacheTests.renderer.get()
        let contents = ListContents(listsWith: renderer.library)
        let plain = Self.pages(nil)
        for pass in 1...2 {
            for ((name, kept), (_, fresh)) in zip(Self.pages(contents), plain) {
                #expect(kept.content.fragment != nil, "\(name)")
                // What the fragment shows is not held twice: the kept content lets its cards go.
                #expect(kept.content.cards.isEmpty, "\(name)")
                #expect(fresh.content.fragment == nil)
                let keptHTML = try renderer.library.render(kept, template: ProductListPage.templateName)
                let freshHTML = try renderer.library.render(fresh, template: ProductListPage.templateName)
                let same = keptHTML == freshHTML
                #expect(same, "\(name) pass \(pass): \(PageRenderingTests.firstDifference(keptHTML, freshHTML))")
            }
        }
        // One content per state and language: visitors share it.
        #expect(contents.count == 8 * 2)
    }

    /// Once the cache is half full, content asked for the first time is made for its page only (no fragment of its
    /// own, not kept, its page not kept whole); asked again, it is kept. Both pages are the page made without a cache.
    @Test func contentSeenOnceWhileTheCacheIsBusyIsTheSamePageUnkept() throws {
        let renderer = try CardCacheTests.renderer.get()
        let cards = CardCache(library: renderer.library)
        let contents = ListContents(
            library: renderer.library, template: ProductListPage.templateName, block: ProductListPage.contentBlock, capacity: 4
        ) { ListContent($0, cards: cards, keepsNewCards: $1) }
        let market = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(SamplePages.summary))
        func page(_ number: Int, _ contents: ListContents?) -> ProductListPage {
            ProductListPage(
                context: SamplePages.context(.korean), query: ListQuery(search: "q\(number)"), view: .grid, page: market, contents: contents,
                now: Self.day)
        }
        func html(_ page: ProductListPage) throws -> String {
            try renderer.library.render(page, template: ProductListPage.templateName)
        }
        _ = page(1, contents)
        _ = page(2, contents)
        let once = page(3, contents)
        #expect(!once.kept.isKept && !once.keepsWhole && once.content.fragment == nil && contents.count == 2)
        let again = page(3, contents)
        #expect(again.kept.isKept && again.keepsWhole && again.content.fragment != nil && contents.count == 3)
        let plain = try html(page(3, nil))
        #expect(try html(once) == plain)
        #expect(try html(again) == plain)
    }

    @Test func contentForOtherInputsIsNeverShown() throws {
        let renderer = try CardCacheTests.renderer.get()
        let contents = ListContents(listsWith: renderer.library)
        var products = (1...3).map(SamplePages.summary)
        func html(_ query: ListQuery = ListQuery(), _ view: ListView = .grid, _ language: Language = .korean, now: Date = Self.day) throws -> String {
            let market = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: products.count, products: products)
            let page = ProductListPage(context: SamplePages.context(language), query: query, view: view, page: market, contents: contents, now: now)
            return try renderer.library.render(page, template: ProductListPage.templateName)
        }
        let before = try html()
        products[1].name = "A renamed product"
        let after = try html()
        #expect(!before.contains("A renamed product") && after.contains("A renamed product"))
        products[2].price = 77_777
        #expect(try html().contains("77,777"))
        #expect(try html(.init(), .list).contains("view-list"))
        #expect(try html(.init(), .grid, .english).contains("lang=\"en\""))
        #expect(try html(.init(), .grid, .english).contains("Search"))
        #expect(try html(.init(search: "renamed")).contains("renamed"))
        #expect(try html(now: Self.day).contains("오늘"))
        #expect(try html(now: Self.day.addingTimeInterval(86_400)).contains("어제"))
    }

    @Test func theCacheStaysBounded() throws {
        let contents = ListContents(listsWith: try CardCacheTests.renderer.get().library)
        let market = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(SamplePages.summary))
        for number in 1...(contents.capacity + 20) {
            _ = ProductListPage(
                context: SamplePages.context(.korean), query: ListQuery(search: "q\(number)"), view: .grid, page: market, contents: contents)
            #expect(contents.count <= contents.capacity)
        }
    }

    /// Every state of the product page (gallery, one photo, none, no vendor, discount, sold out), from a list and
    /// not, with and without Open Graph, for two visitors.
    static func detailPages(_ contents: DetailContents?) -> [(name: String, page: ProductDetailPage)] {
        let liked = ProductTrail(ProductTrail.likes, ids: [SamplePages.detail(images: 3).id, 77, 78])
        let others = ProductTrail(ProductTrail.likes, ids: [77])
        let states: [(String, ProductDetail, Int?, String?, ListQuery?, ProductTrail?, Bool)] = [
            ("gallery", SamplePages.detail(images: 3), 2, "https://market.example", ListQuery(page: 3, view: .list, search: "lamp"), liked, true),
            ("one-photo", SamplePages.detail(images: 1, stock: 0), nil, nil, nil, others, false),
            ("no-photo", SamplePages.detail(images: 0, stock: 9), 4, "http://127.0.0.1:8080", nil, nil, true),
            ("no-vendor", SamplePages.detail(images: 2, vendor: ""), nil, nil, ListQuery(), ProductTrail(ProductTrail.likes), true),
        ]
        return Language.allCases.flatMap { language in
            [Flash.updated, nil].flatMap { flash in
                states.map { name, product, photo, origin, list, likes, sellerPages in
                    var context = SamplePages.context(language, title: product.name, flash: flash)
                    context.layout.csrfToken = flash == nil ? "other-visitor" : context.layout.csrfToken
                    let page = ProductDetailPage(
                        context: context, product: product, photo: photo, origin: origin, cameFrom: list, likes: likes,
                        hasSellerPages: sellerPages, contents: contents, now: day)
                    return ("\(name) \(language) \(flash.map { "\($0)" } ?? "-")", page)
                }
            }
        }
    }

    @Test func productPagesWithKeptContentAreByteForBytePagesWithout() throws {
        let renderer = try CardCacheTests.renderer.get()
        let contents = DetailContents(productsWith: renderer.library)
        let plain = Self.detailPages(nil)
        for pass in 1...2 {
            for ((name, kept), (_, fresh)) in zip(Self.detailPages(contents), plain) {
                #expect(kept.content.fragment != nil, "\(name)")
                let keptHTML = try renderer.library.render(kept, template: ProductDetailPage.templateName)
                let freshHTML = try renderer.library.render(fresh, template: ProductDetailPage.templateName)
                let same = keptHTML == freshHTML
                #expect(same, "\(name) pass \(pass): \(PageRenderingTests.firstDifference(keptHTML, freshHTML))")
            }
        }
        #expect(contents.count == 4 * 2)
    }

    @Test func productContentForOtherInputsIsNeverShown() throws {
        let renderer = try CardCacheTests.renderer.get()
        let contents = DetailContents(productsWith: renderer.library)
        var product = SamplePages.detail(images: 3)
        func html(photo: Int? = nil, from list: ListQuery? = nil, _ language: Language = .korean, now: Date = Self.day) throws -> String {
            let page = ProductDetailPage(
                context: SamplePages.context(language), product: product, photo: photo, cameFrom: list, contents: contents, now: now)
            return try renderer.library.render(page, template: ProductDetailPage.templateName)
        }
        let before = try html()
        // The like button and the seller link follow their inputs; the visitor's token is the layout's.
        let liked = ProductDetailPage(
            context: SamplePages.context(.korean), product: product, photo: nil, likes: ProductTrail(ProductTrail.likes, ids: [product.id]),
            hasSellerPages: true, contents: contents, now: Self.day)
        let likedHTML = try renderer.library.render(liked, template: ProductDetailPage.templateName)
        #expect(likedHTML.contains(#"aria-pressed="true""#) && likedHTML.contains("/sellers/"))
        #expect(likedHTML.contains(#"<input type="hidden" name="_csrf" value="tok&quot;en&#39;&lt;&gt;" form="like-form">"#))
        #expect(!before.contains(#"aria-pressed="true""#) && !before.contains("/sellers/") && !before.contains(#"form="like-form""#))
        let otherLikes = ProductDetailPage(
            context: SamplePages.context(.korean), product: product, photo: nil, likes: ProductTrail(ProductTrail.likes, ids: [99_999]),
            contents: contents, now: Self.day)
        #expect(try renderer.library.render(otherLikes, template: ProductDetailPage.templateName).contains(#"aria-pressed="false""#))
        product.name = "A renamed lamp"
        let renamed = try html()
        #expect(!before.contains("A renamed lamp") && renamed.contains("A renamed lamp"))
        product.stock = 0
        #expect(try html().contains("품절"))
        product.images.removeLast()
        #expect(try html().contains("1 / 2"))
        #expect(try html(photo: 2).contains("2 / 2"))
        #expect(try html(from: ListQuery(page: 4)).contains("page=4"))
        #expect(try html(.english).contains("Sold out"))
        #expect(try html(now: Self.day.addingTimeInterval(86_400 * 3)).contains("3일 전"))
    }

    /// A page around kept content is tagged from its parts by `PageRenderer`: the same bytes get the same tag, and
    /// other bytes (another visitor's token, language, flash, product or list) another tag.
    @Test func pagesAroundKeptContentAreTaggedByTheirBytes() async throws {
        let renderer = try CardCacheTests.renderer.get()
        let details = DetailContents(productsWith: renderer.library)
        let lists = ListContents(listsWith: renderer.library)
        var tagOfBody: [String: String] = [:]
        var bodyOfTag: [String: String] = [:]
        func check<Page: PageModel>(_ page: Page, _ name: String) async throws {
            let response = try renderer.response(page)
            let tag = try #require(response.headers[.eTag], "\(name)")
            let html = String(buffer: try await BodyCollector.collect(response.body, expected: response.body.contentLength ?? 0))
            #expect(tagOfBody[html, default: tag] == tag, "\(name): the same bytes under another tag")
            #expect(bodyOfTag[tag, default: html] == html, "\(name): other bytes under the same tag")
            tagOfBody[html] = tag
            bodyOfTag[tag] = html
        }
        for pass in 1...2 {
            for (name, page) in Self.detailPages(details) {
                try await check(page, "\(name) pass \(pass)")
            }
            for (name, page) in Self.pages(lists) {
                try await check(page, "\(name) pass \(pass)")
            }
        }
        #expect(bodyOfTag.count == Self.detailPages(nil).count + Self.pages(nil).count)
        // A page without kept content is left to `ResponseDelivery`, which hashes it whole.
        #expect(try renderer.response(Self.detailPages(nil)[0].page).headers[.eTag] == nil)
    }

    /// Changing any one byte of a page — before its kept content, inside it (its digest with it) or after it —
    /// changes its tag.
    @Test func anyChangedByteChangesThePageTag() throws {
        let renderer = try CardCacheTests.renderer.get()
        let page = Self.detailPages(DetailContents(productsWith: renderer.library))[0].page
        var destination = [UInt8](repeating: 0, count: 64 * 1024)
        let (placement, kept) = try destination.withUnsafeMutableBytes {
            try renderer.library.renderPage(page, template: ProductDetailPage.templateName, into: $0)
        }
        guard case .destination(let count) = placement, let block = kept else {
            Issue.record("the page was not rendered around its kept content")
            return
        }
        let bytes = Array(destination[..<count])
        #expect(String(decoding: bytes[block.range], as: UTF8.self) == page.content.fragment?.html)
        func tag(_ bytes: [UInt8]) throws -> String {
            let digest = bytes[block.range].withUnsafeBytes { ByteDigest.hash($0) }
            return try #require(ContentTag.weak(ByteBuffer(bytes: bytes), around: KeptBlock(range: block.range, digest: digest)))
        }
        let original = try tag(bytes)
        #expect(block.range.lowerBound > 0 && block.range.upperBound < bytes.count)
        var tags: Set<String> = [original]
        for position in stride(from: 0, to: bytes.count, by: 7) {
            var changed = bytes
            changed[position] ^= 0x20
            tags.insert(try tag(changed))
        }
        #expect(tags.count == 1 + (bytes.count + 6) / 7)
        #expect(ContentTag.weak(ByteBuffer(bytes: bytes), around: KeptBlock(range: 0..<bytes.count + 1, digest: 0)) == nil)
    }
}
