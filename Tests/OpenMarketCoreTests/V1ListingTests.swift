import Foundation
import OpenMarketCore
import Testing

/// Paging and searching over a v1 server's twenty-item pages, without a network.
@Suite("V1Listing", .timeLimit(.minutes(10)))
struct V1ListingTests {
    /// Items `ids`, newest first, as v1 pages of twenty.
    private func pages(_ ids: [Int]) -> [[ProductSummary]] {
        stride(from: 0, to: max(ids.count, 1), by: V1Listing.pageSize).map { start in
            ids.dropFirst(start).prefix(V1Listing.pageSize).map { item($0) }
        }
    }

    private func item(_ id: Int, name: String? = nil) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: 0, vendorName: "", name: name ?? "Item \(id)", description: "", thumbnailURL: "", currency: .krw,
            price: 1000, discountedPrice: 0, stock: 1, createdAt: Date(timeIntervalSince1970: 0), issuedAt: Date(timeIntervalSince1970: 0))
    }

    /// The v1 pages `range` of a market holding `count` items, as the server would answer them.
    private func read(_ range: ClosedRange<Int>, of count: Int) -> [[ProductSummary]] {
        let all = pages(Array((1...max(count, 1)).reversed()).prefix(count).map { $0 })
        return range.map { $0 <= all.count ? all[$0 - 1] : [] }
    }

    @Test(arguments: [
        (1, 20, 1...2), (2, 20, 2...3), (3, 30, 4...5), (1, 100, 1...6), (2, 10, 1...2), (1, 1000, 1...6),
    ])
    func aPageReadsTheV1PagesHoldingItAndTheItemAfterIt(page: Int, perPage: Int, expected: ClosedRange<Int>) {
        #expect(V1Listing.pages(for: ProductQuery(page: page, perPage: perPage)) == expected)
    }

    @Test func aShortPageMakesTheTotalExact() throws {
        let query = ProductQuery(page: 1, perPage: 20)
        let page = try #require(V1Listing.page(for: query, from: read(V1Listing.pages(for: query), of: 24), first: 1))
        #expect(page.products.map(\.id) == Array((5...24).reversed()))
        #expect(page.totalCount == 24)
        #expect(!page.totalIsCapped)
        #expect(page.lastPage == 2)
    }

    @Test func fullPagesGiveALowerBoundAndANextPage() throws {
        let query = ProductQuery(page: 1, perPage: 20)
        let page = try #require(V1Listing.page(for: query, from: read(V1Listing.pages(for: query), of: 100), first: 1))
        #expect(page.totalCount == 40)
        #expect(page.totalIsCapped)
        #expect(page.hasNext)
    }

    @Test func aPageIsCutOutAcrossV1Pages() throws {
        let query = ProductQuery(page: 2, perPage: 30)
        let range = V1Listing.pages(for: query)
        let page = try #require(V1Listing.page(for: query, from: read(range, of: 75), first: range.lowerBound))
        // Items 75…1, newest first: the second thirty are 45…16.
        #expect(page.products.map(\.id) == Array((16...45).reversed()))
        #expect(page.totalCount == 75)
        #expect(!page.totalIsCapped)
        #expect(page.itemsPerPage == 30)
    }

    @Test func pastTheLastPageIsNilButAnEmptyMarketIsAnEmptyFirstPage() throws {
        let late = ProductQuery(page: 3, perPage: 20)
        #expect(V1Listing.page(for: late, from: read(V1Listing.pages(for: late), of: 24), first: 3) == nil)
        let empty = try #require(V1Listing.page(for: ProductQuery(), from: [[], []], first: 1))
        #expect(empty.products.isEmpty && empty.totalCount == 0 && !empty.totalIsCapped)
    }

    @Test func pagesAfterAShortOneAreNotCounted() throws {
        // An item deleted between two reads: page 2 is short, and page 3 (stale) must not add to the list.
        let query = ProductQuery(page: 1, perPage: 40)
        let stale = [pages(Array(1...20))[0], [item(21)], [item(99)]]
        let page = try #require(V1Listing.page(for: query, from: stale, first: 1))
        #expect(page.products.count == 21)
        #expect(page.totalCount == 21)
    }

    @Test func aSearchMatchesNamesWithoutRegardToCaseAccentsOrWidth() throws {
        let scanned = [
            item(3, name: "Vintage Film Camera"), item(2, name: "Café Table"), item(1, name: "Tea cup"), item(3, name: "Vintage Film Camera"),
        ]
        let camera = try #require(V1Listing.searchPage(for: ProductQuery(search: "ｃａｍｅｒａ"), scanned: scanned, complete: true))
        #expect(camera.products.map(\.id) == [3], "counted once, though read twice")
        #expect(camera.totalCount == 1)
        #expect(camera.searchCoverage == .namesOfAll(count: 3))
        #expect(!camera.totalIsCapped)
        let cafe = try #require(V1Listing.searchPage(for: ProductQuery(search: "CAFE"), scanned: scanned, complete: false))
        #expect(cafe.products.map(\.id) == [2])
        #expect(cafe.totalIsCapped, "older items were not read")
        #expect(cafe.searchCoverage == .namesOfNewest(count: 3))
    }

    @Test func searchResultsArePagedAndEndInNil() throws {
        let scanned = (1...30).reversed().map { item($0, name: "Mug \($0)") }
        let second = try #require(V1Listing.searchPage(for: ProductQuery(page: 2, perPage: 20, search: "mug"), scanned: scanned, complete: true))
        #expect(second.products.map(\.id) == Array((1...10).reversed()))
        #expect(second.totalCount == 30)
        #expect(V1Listing.searchPage(for: ProductQuery(page: 3, perPage: 20, search: "mug"), scanned: scanned, complete: true) == nil)
        let none = try #require(V1Listing.searchPage(for: ProductQuery(search: "lamp"), scanned: scanned, complete: true))
        #expect(none.products.isEmpty && none.totalCount == 0)
    }
}
