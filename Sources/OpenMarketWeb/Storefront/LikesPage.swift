import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// `/likes`: the products the visitor liked (찜), the latest like first, a page at a time.
struct LikesPage: PageModel {
    static let templateName = "likes/index"

    var context: PageContext
    var summary: String
    var cards: [ProductCard]
    var listClass: String
    var isEmpty: Bool
    /// A page number past the last one (the list got shorter): not an empty list.
    var isPastTheEnd: Bool
    var firstPageURL: String
    var productsURL: String
    var pagination: Pagination

    init(context: PageContext, page: Int, likes: ProductTrail, products: [ProductSummary]) {
        self.context = context
        let strings = context.strings
        let format = context.format
        summary = likes.isEmpty ? "" : strings.likesSummary(format.number(likes.count))
        cards = ProductCard.grid(products, context: context)
        listClass = ProductCard.listClass(context.visitor.listView)
        isEmpty = products.isEmpty
        let lastPage = Self.lastPage(likes)
        isPastTheEnd = products.isEmpty && page > 1
        firstPageURL = SiteURL.likes().link
        productsURL = SiteURL.products().link
        pagination = Pagination(current: page, lastPage: lastPage, strings: strings, format: format) { SiteURL.likes(page: $0).link }
    }

    static func lastPage(_ likes: ProductTrail) -> Int {
        max(1, (likes.count + WebLimits.visitorListPageSize - 1) / WebLimits.visitorListPageSize)
    }

    /// The ids one page shows.
    static func ids(_ likes: ProductTrail, page: Int) -> [Int] {
        let start = (page - 1) * WebLimits.visitorListPageSize
        guard start < likes.count else { return [] }
        return Array(likes.ids[start..<min(likes.count, start + WebLimits.visitorListPageSize)])
    }
}

extension LikesPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "summary": .text(summary)
        case "cards": .list(cards)
        case "listClass": .text(listClass)
        case "isEmpty": .bool(isEmpty)
        case "isPastTheEnd": .bool(isPastTheEnd)
        case "firstPageURL": .text(firstPageURL)
        case "productsURL": .text(productsURL)
        case "pagination": .object(pagination)
        default: context.value(forKey: key)
        }
    }
}
