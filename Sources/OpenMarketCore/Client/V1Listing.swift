import Foundation

/// How the product list is read from a v1 server, which answers twenty items a page and nothing else: no total, no
/// page size, no search. Pure, so the paging arithmetic is tested without a network.
///
/// - A page of any size is cut out of the v1 pages that hold it; the v1 page holding the first product after it is
///   read too, so "is there more?" has an answer. The total is exact once a short v1 page has been seen, and a
///   lower bound ("40+") until then.
/// - A search reads the newest `searchPages` v1 pages at most (500 items) and matches names here, without regard
///   to case, accents or width; v1 lists carry no descriptions. The page says which it was (`SearchCoverage`).
public enum V1Listing {
    public static let pageSize = V1Path.itemsPerPage
    /// Larger pages are cut to this: a list page then reads at most six v1 pages.
    public static let maxPerPage = 100
    /// A search looks at the newest `searchPages × pageSize` items at most.
    public static let searchPages = 25
    /// v1 pages asked for at once.
    public static let concurrentPages = 5

    /// The products per page a query gets from a v1 server.
    public static func perPage(_ query: ProductQuery) -> Int {
        min(max(query.perPage, 1), maxPerPage)
    }

    /// The v1 pages that hold the query's page and the first product after it.
    public static func pages(for query: ProductQuery) -> ClosedRange<Int> {
        let size = perPage(query)
        let offset = (max(query.page, 1) - 1) * size
        return (offset / pageSize + 1)...((offset + size) / pageSize + 1)
    }

    /// The query's page from the v1 pages read, `pages[0]` being v1 page `first`; `nil` past the last page.
    public static func page(for query: ProductQuery, from pages: [[ProductSummary]], first: Int) -> ProductPage? {
        let size = perPage(query)
        let offset = (max(query.page, 1) - 1) * size
        var items: [ProductSummary] = []
        var complete = false
        for page in pages {
            items += page.prefix(pageSize)
            // A short page is the last one: anything read after it is not there any more.
            if page.count < pageSize {
                complete = true
                break
            }
        }
        let start = offset - (first - 1) * pageSize
        let products = Array(items.dropFirst(start).prefix(size))
        guard !products.isEmpty || query.page <= 1 else { return nil }
        let known = (first - 1) * pageSize + items.count
        return ProductPage(pageNo: query.page, itemsPerPage: size, totalCount: known, products: products, totalIsCapped: !complete)
    }

    /// A search's page from the newest items read (`complete` when they are all the server has); `nil` past the
    /// last page of matches.
    public static func searchPage(for query: ProductQuery, scanned: [ProductSummary], complete: Bool) -> ProductPage? {
        var seen = Set<Int>()
        // Items added while the pages were read push others onto the next page: count each once.
        let items = scanned.filter { seen.insert($0.id).inserted }
        let found = query.search.map { search in items.filter { Self.matches($0.name, search) } } ?? items
        let size = min(max(query.perPage, 1), MarketLimits.itemsPerPage.upperBound)
        let products = Array(found.dropFirst((max(query.page, 1) - 1) * size).prefix(size))
        guard !products.isEmpty || query.page <= 1 else { return nil }
        return ProductPage(
            pageNo: query.page, itemsPerPage: size, totalCount: found.count, products: products, totalIsCapped: !complete,
            searchCoverage: complete ? .namesOfAll(count: items.count) : .namesOfNewest(count: items.count))
    }

    /// Whether a name holds the search text, whatever the case, accents or character width.
    public static func matches(_ name: String, _ search: String) -> Bool {
        name.range(of: search, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil
    }
}
