import Foundation
import OpenMarketCore
import OpenMarketTemplating

/// `/products` (and `/`): the list or grid of products, a page at a time, optionally filtered by a search.
///
/// The layout is rendered for each visitor; what it holds (`ListContent`) depends only on the list's inputs and is
/// kept between requests by `ListContents`.
struct ProductListPage: PageModel {
    static let templateName = "products/index"
    /// The block of the template's parent tag that holds the content.
    static let contentBlock = "content"

    var context: PageContext
    var content: ListContent

    /// `contents` keeps the content between requests; without it, it is made here.
    init(context: PageContext, query: ListQuery, view: ListView, page: ProductPage?, contents: ListContents? = nil, now: Date = Date()) {
        self.context = context
        let inputs = ListContent.Inputs(query: query, view: view, language: context.language, day: Formatting.dayNumber(now), page: page)
        content = contents?.content(for: inputs) ?? ListContent(inputs)
    }
}

extension ProductListPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        content.value(forKey: key) ?? context.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { content.fragment }
}
