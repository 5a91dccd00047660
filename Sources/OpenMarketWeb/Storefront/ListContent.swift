import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// What the list page shows inside its layout, made from `Inputs` alone — the list's query, view, language, day and
/// the market's page — so that `ListContents` can keep it, HTML and all, under those inputs: anything new the
/// content shows must come in through `Inputs`, which is the key it is kept under.
struct ListContent: Sendable {
    /// Cards whose photos load at once: the first row of the grid on a wide screen.
    static let eagerPhotos = 4
    /// The toolbar the view switch lives in (its `id`, which the template writes too).
    static let toolbarID = "list-toolbar"

    struct Inputs: Hashable, Sendable {
        var query: ListQuery
        var view: ListView
        var language: Language
        /// Cards say how many days ago a product was listed.
        var day: Int
        var market: MarketPage
        /// Whether the market can order and filter its list (a remote one cannot): the controls show only then.
        var offersSortingAndFilters: Bool
        /// The nicknames the page's products were listed under here (`SellerNames`).
        var sellers: [Int: String]

        init(
            query: ListQuery, view: ListView, language: Language, day: Int, page: ProductPage?, offersSortingAndFilters: Bool = true,
            sellers: [Int: String] = [:]
        ) {
            self.query = query
            self.view = view
            self.language = language
            self.day = day
            market = MarketPage(page: page)
            self.offersSortingAndFilters = offersSortingAndFilters
            self.sellers = sellers
        }

        var page: ProductPage? { market.page }

        func isSame(as other: Self) -> Bool {
            market.page == nil || market.sharesProducts(with: other.market)
        }
    }

    /// The market's page as a key: hashed by its small parts, and known equal at once when its products are the
    /// very array `CachedMarket` handed out before (an array shared is an array unchanged); compared in full otherwise.
    struct MarketPage: Hashable, Sendable {
        let page: ProductPage?

        static func == (lhs: Self, rhs: Self) -> Bool {
            guard let left = lhs.page, let right = rhs.page else { return lhs.page == nil && rhs.page == nil }
            guard lhs.sharesProducts(with: rhs), !left.products.isEmpty else { return left == right }
            var leftRest = left, rightRest = right
            leftRest.products = []
            rightRest.products = []
            return leftRest == rightRest
        }

        /// Whether both hold the very same products array (an empty one never counts).
        func sharesProducts(with other: Self) -> Bool {
            guard let left = page?.products, let right = other.page?.products, !left.isEmpty else { return false }
            return left.withUnsafeBufferPointer { leftProducts in
                right.withUnsafeBufferPointer { $0.baseAddress == leftProducts.baseAddress && $0.count == leftProducts.count }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(page?.pageNo)
            hasher.combine(page?.totalCount)
            hasher.combine(page?.products.first?.id)
            hasher.combine(page?.products.last?.id)
        }
    }

    var heading: String
    var hasSearch: Bool
    /// A search or a filter narrows the list: an empty answer then offers the whole list again.
    var offersShowAll: Bool
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
    /// The order and filter links; `nil` where the market cannot order or filter (a remote one).
    var controls: ListControls?

    /// Rendered on its own from `products/index`'s content block (see `ListContents`).
    var fragment: RenderedFragment?

    /// `cards` keeps the cards between requests; without it they are made here. With `keepsNewCards` false, only
    /// cards already kept are taken from it, and the others are made for this page alone.
    init(_ inputs: Inputs, cards cache: CardCache? = nil, keepsNewCards: Bool = true) {
        let (query, view, page) = (inputs.query, inputs.view, inputs.page)
        let strings = inputs.language.strings
        let format = Formatting(language: inputs.language)
        let now = Date(timeIntervalSince1970: Double(inputs.day) * 86_400)
        heading = query.search.map { strings.searchHeading(query: $0) } ?? strings[.listTitle]
        hasSearch = query.search != nil
        let isFiltered = query.inStockOnly || query.currency != nil
        offersShowAll = hasSearch || isFiltered
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
        emptyTitle = isPastTheEnd ? strings[.emptyPageTitle]
            : query.search.map { strings.emptySearchTitle(query: $0) } ?? (isFiltered ? strings[.emptyFilteredTitle] : strings[.emptyTitle])
        emptyHint = hasSearch ? strings[.emptySearchHint] : isFiltered ? strings[.emptyFilteredHint] : strings[.emptyHint]
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
            cards = cache.cards(
                for: products, sellers: inputs.sellers, lazyFrom: Self.eagerPhotos, language: inputs.language, now: now, keepingNew: keepsNewCards)
        } else {
            cards = products.enumerated().map { index, product in
                var card = ProductCard(product, sellerName: inputs.sellers[product.id], format: format, strings: strings, now: now)
                card.isLazy = index >= Self.eagerPhotos
                return ListedCard(card)
            }
        }
        let lastPage = page?.lastPage ?? 1
        pagination = Pagination(query: query, lastPage: lastPage, strings: strings, format: format)
        controls = inputs.offersSortingAndFilters ? ListControls(query: query, strings: strings, anchor: anchor) : nil
    }
}

extension ListContent: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "heading": .text(heading)
        case "hasSearch": .bool(hasSearch)
        case "offersShowAll": .bool(offersShowAll)
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
        case "controls": .object(controls)
        default: nil
        }
    }

    var renderedFragment: RenderedFragment? { fragment }

    /// The cards are read only inside the content block.
    mutating func dropWhatTheFragmentShows() {
        cards = []
    }
}
