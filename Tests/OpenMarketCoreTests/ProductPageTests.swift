import OpenMarketCore
import Testing

@Suite("ProductPage paging figures", .timeLimit(.minutes(10)))
struct ProductPageTests {
    private func page(_ pageNo: Int, of totalCount: Int, perPage: Int) -> ProductPage {
        ProductPage(pageNo: pageNo, itemsPerPage: perPage, totalCount: totalCount, products: [])
    }

    @Test func offsetIsTheIndexOfTheFirstItem() {
        #expect(page(1, of: 100, perPage: 10).offset == 0)
        #expect(page(3, of: 100, perPage: 20).offset == 40)
    }

    @Test func limitIsTheEndIndexNotThePageSize() {
        #expect(page(2, of: 100, perPage: 10).limit == 20)
        #expect(page(3, of: 1182, perPage: 20).limit == 60)
    }

    @Test(arguments: [(1182, 3, 394), (113, 1, 113), (325, 10, 33), (8, 3, 3), (9, 3, 3), (1, 20, 1)])
    func lastPageRoundsUp(totalCount: Int, perPage: Int, lastPage: Int) {
        #expect(page(1, of: totalCount, perPage: perPage).lastPage == lastPage)
    }

    @Test func firstPageHasNoPreviousButANext() {
        let first = page(1, of: 25, perPage: 10)

        #expect(!first.hasPrev)
        #expect(first.hasNext)
    }

    @Test func lastPageHasAPreviousButNoNext() {
        let last = page(3, of: 25, perPage: 10)

        #expect(last.hasPrev)
        #expect(!last.hasNext)
    }

    @Test func exactlyFullLastPageHasNoNext() {
        #expect(!page(2, of: 20, perPage: 10).hasNext)
        #expect(page(1, of: 20, perPage: 10).hasNext)
    }

    @Test func emptyMarketHasNoPagesToMoveTo() {
        let empty = page(1, of: 0, perPage: 20)

        #expect(empty.lastPage == 0)
        #expect(!empty.hasNext)
        #expect(!empty.hasPrev)
        #expect(empty.offset == 0)
        #expect(empty.limit == 20)
    }

    @Test func zeroItemsPerPageDoesNotDivideByZero() {
        #expect(page(1, of: 10, perPage: 0).lastPage == 0)
    }
}
