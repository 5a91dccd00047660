import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// `/recent`: the products the visitor viewed, the most recent first, and a form that clears the history.
struct RecentPage: PageModel {
    static let templateName = "recent/index"

    var context: PageContext
    var summary: String
    var cards: [ProductCard]
    var listClass: String
    var isEmpty: Bool
    var clearAction: String
    var productsURL: String

    init(context: PageContext, products: [ProductSummary]) {
        self.context = context
        let format = context.format
        summary = products.isEmpty ? "" : context.strings.recentSummary(format.number(products.count), kept: format.number(WebLimits.recentKept))
        cards = ProductCard.grid(products, context: context)
        listClass = ProductCard.listClass(context.visitor.listView)
        isEmpty = products.isEmpty
        clearAction = SiteURL.clearRecent.link
        productsURL = SiteURL.products().link
    }
}

extension RecentPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "summary": .text(summary)
        case "cards": .list(cards)
        case "listClass": .text(listClass)
        case "isEmpty": .bool(isEmpty)
        case "clearAction": .text(clearAction)
        case "productsURL": .text(productsURL)
        default: context.value(forKey: key)
        }
    }
}
