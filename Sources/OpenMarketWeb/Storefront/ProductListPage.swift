import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// `/products` (and `/`): the list or grid of products, a page at a time, optionally filtered by a search.
///
/// The layout is rendered for each visitor; what it holds (`ListContent`) depends only on the list's inputs and is
/// kept between requests by `ListContents`. The home page's recently viewed strip is the visitor's own, so it sits
/// in a block of its own after the content (`afterContent`) and is rendered for each request.
struct ProductListPage: WholePageKeeping {
    static let templateName = "products/index"
    /// The block of the template's parent tag that holds the content.
    static let contentBlock = "content"

    var context: PageContext
    var kept: KeptContent<ListContent>
    var content: ListContent {
        get { kept.content }
        set { kept = KeptContent(newValue) }
    }
    /// The home page's recently viewed products; `nil` elsewhere and when there are none.
    var recentStrip: ProductStrip?
    /// The home page's popular searches, as links to their results; empty elsewhere.
    var popularSearches: [SearchLink] = []
    var hasPopularSearches = false
    var keptObject: any AnyObject & Sendable { kept }
    var keptFragment: RenderedFragment? { kept.content.fragment }
    /// The strip is the visitor's own; popular searches change apart from the content.
    var keepsWhole: Bool { kept.isKept && recentStrip == nil && popularSearches.isEmpty }

    struct SearchLink: Sendable, TemplateObject {
        var text: String
        var url: String

        func value(forKey key: String) -> TemplateValue? {
            switch key {
            case "text": .text(text)
            case "url": .text(url)
            default: nil
            }
        }
    }

    /// `contents` keeps the content between requests; without it, it is made here.
    init(
        context: PageContext, query: ListQuery, view: ListView, page: ProductPage?, offersSortingAndFilters: Bool = true,
        contents: ListContents? = nil, recentStrip: ProductStrip? = nil, sellers: [Int: String] = [:], popularSearches: [String] = [],
        now: Date = Date()
    ) {
        self.context = context
        self.recentStrip = recentStrip
        self.popularSearches = popularSearches.map { SearchLink(text: $0, url: SiteURL.products(ListQuery(search: $0)).link) }
        hasPopularSearches = !popularSearches.isEmpty
        // The header's search is this list's search: it shows the words and keeps the order, filters and view.
        self.context.layout.searchText = query.search ?? ""
        self.context.layout.searchKeeps = query.with(view: view).keptBySearch.map { HiddenField(name: $0.0, value: $0.1) }
        let inputs = ListContent.Inputs(
            query: query, view: view, language: self.context.language, day: Formatting.dayNumber(now), page: page,
            offersSortingAndFilters: offersSortingAndFilters, sellers: sellers)
        kept = contents?.content(for: inputs) ?? KeptContent(ListContent(inputs))
    }
}

extension ProductListPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        if key == "recentStrip" { return .object(recentStrip) }
        if key == "popularSearches" { return .list(popularSearches) }
        if key == "hasPopularSearches" { return .bool(hasPopularSearches) }
        return kept.content.value(forKey: key) ?? context.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { kept.content.fragment }
}
