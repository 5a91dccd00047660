import Hummingbird
import OpenMarketTemplating
import OpenMarketTexts

/// What every page needs besides its own content: the visitor, their language and its texts, and the layout
/// around the page.
///
/// Page models take one in their initialiser and hand it the names they do not answer themselves, so every
/// template reads the layout as `{{layout.title}}` and the texts as `{{t.searchButton}}`.
struct PageContext: Sendable {
    let visitor: Visitor
    let strings: Strings
    var layout: PageLayout

    var language: Language { visitor.language }
    var format: Formatting { Formatting(language: visitor.language) }

    init(title: String, request: Request, visitor: Visitor) {
        self.visitor = visitor
        strings = visitor.strings
        layout = PageLayout(title: title, request: request, visitor: visitor)
    }
}

extension PageContext: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "layout": .object(layout)
        case "t": .object(strings.templateTexts)
        default: nil
        }
    }
}
