import OpenMarketCore
import OpenMarketTemplating

/// `/products` (and `/`): the list or grid of products, a page at a time, optionally filtered by a search.
struct ProductListPage: PageModel {
    /// Cards whose photos load at once: the first row of the grid on a wide screen.
    static let eagerPhotos = 4
    /// The toolbar the view switch lives in (its `id`, which the template writes too).
    static let toolbarID = "list-toolbar"
    static let templateName = "products/index"

    var context: PageContext
    var heading: String
    var searchText: String
    var hasSearch: Bool
    var resultSummary: String
    var searchSummary: String
    /// How far a search reached where the market could not search itself (v1); `nil` otherwise.
    var searchNotice: String?
    var isEmpty: Bool
    var emptyTitle: String
    var emptyHint: String
    var showAllURL: String
    var isPastTheEnd: Bool
    var firstPageURL: String
    var isGrid: Bool
    var listClass: String
    var gridURL: String
    var listURL: String
    var cards: [ListedCard]
    var pagination: Pagination
    var view: String
    var perPage: Int
    var formAction: String

    /// `cards` keeps the cards between requests; without it they are made here.
    init(context: PageContext, query: ListQuery, view: ListView, page: ProductPage?, cards cache: CardCache? = nil) {
        let strings = context.strings
        let format = context.format
        self.context = context
        heading = strings.listTitle
        searchText = query.search ?? ""
        hasSearch = query.search != nil
        let products = page?.products ?? []
        let total = page?.totalCount ?? 0
        let first = (query.page - 1) * query.perPage + 1
        // A search stops counting at the market's cap: "10,000+".
        let shownTotal = format.number(total) + (page?.totalIsCapped == true ? "+" : "")
        resultSummary = products.isEmpty ? "" : strings.resultRange(
            total: shownTotal, from: format.number(first), to: format.number(first + products.count - 1))
        searchSummary = query.search.map { strings.searchResultCount(query: $0, count: shownTotal) } ?? ""
        searchNotice = page.flatMap { strings.searchCoverageNotice($0.searchCoverage, format: format) }
        isEmpty = products.isEmpty
        // Past the last page the market answers "no content": that is not an empty market.
        isPastTheEnd = page == nil && query.page > 1
        emptyTitle = isPastTheEnd ? strings.emptyPageTitle : (query.search.map { strings.emptySearchTitle(query: $0) } ?? strings.emptyTitle)
        emptyHint = query.search == nil ? strings.emptyHint : strings.emptySearchHint
        showAllURL = SiteURL.products(ListQuery(perPage: query.perPage, view: query.view)).link
        firstPageURL = SiteURL.products(query.with(page: 1)).link
        isGrid = view == .grid
        listClass = view == .grid ? "view-grid" : "view-list"
        // Switching view keeps the page and the toolbar in view, the first product shown just below it.
        let anchor = products.isEmpty ? "" : "#" + Self.toolbarID
        gridURL = SiteURL.products(query.with(view: .grid)).link + anchor
        listURL = SiteURL.products(query.with(view: .list)).link + anchor
        // The first row is on screen at once: loading it lazily would only delay it.
        if let cache {
            cards = cache.cards(for: products, lazyFrom: Self.eagerPhotos, context: context)
        } else {
            cards = products.enumerated().map { index, product in
                var card = ProductCard(product, format: format, strings: strings)
                card.isLazy = index >= Self.eagerPhotos
                return ListedCard(card)
            }
        }
        let lastPage = page?.lastPage ?? 1
        pagination = Pagination(query: query, lastPage: lastPage, strings: strings, format: format)
        self.view = view.rawValue
        perPage = query.perPage
        formAction = SiteURL.products().link
    }
}

extension ProductListPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "heading": .text(heading)
        case "searchText": .text(searchText)
        case "hasSearch": .bool(hasSearch)
        case "resultSummary": .text(resultSummary)
        case "searchSummary": .text(searchSummary)
        case "searchNotice": .text(searchNotice)
        case "isEmpty": .bool(isEmpty)
        case "emptyTitle": .text(emptyTitle)
        case "emptyHint": .text(emptyHint)
        case "showAllURL": .text(showAllURL)
        case "isPastTheEnd": .bool(isPastTheEnd)
        case "firstPageURL": .text(firstPageURL)
        case "isGrid": .bool(isGrid)
        case "listClass": .text(listClass)
        case "gridURL": .text(gridURL)
        case "listURL": .text(listURL)
        case "cards": .list(cards)
        case "pagination": .object(pagination)
        case "view": .text(view)
        case "perPage": .int(perPage)
        case "formAction": .text(formAction)
        default: context.value(forKey: key)
        }
    }
}
