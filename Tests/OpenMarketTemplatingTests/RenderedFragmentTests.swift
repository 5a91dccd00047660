import OpenMarketTemplating
import Testing

/// A kept fragment is written in place of its partial exactly where rendering the partial would give the same
/// bytes, and nowhere else.
@Suite(.timeLimit(.minutes(10))) struct RenderedFragmentTests {
    /// Answers names from a dictionary and holds a fragment rendered earlier, possibly from other values.
    struct Card: TemplateObject {
        let fields: DictionaryObject
        var renderedFragment: RenderedFragment?

        init(_ fields: [String: Any], fragment: RenderedFragment? = nil) {
            self.fields = DictionaryObject(fields: fields)
            renderedFragment = fragment
        }

        func value(forKey key: String) -> TemplateValue? {
            fields.value(forKey: key)
        }
    }

    struct Page: TemplateObject {
        let cards: [Card]
        let shop: String

        func value(forKey key: String) -> TemplateValue? {
            switch key {
            case "cards": .list(cards)
            case "shop": .text(shop)
            default: nil
            }
        }
    }

    static let sources = [
        "main": "<ul>\n{{#cards}}\n{{> card}}\n{{/cards}}\n</ul>\n",
        "card": "<li>{{name}} <b>{{price}}</b></li>\n",
        "other": "<p>{{name}}</p>\n",
    ]

    @Test func keptFragmentIsWrittenInsteadOfRenderingThePartial() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        // The fragment says "kept"; the card's own values say "live": the page shows which one was used.
        let kept = try library.renderFragment(DictionaryObject(fields: ["name": "kept", "price": "1"]), template: "card")
        let page = Page(cards: [Card(["name": "live", "price": "2"], fragment: kept), Card(["name": "plain", "price": "3"])], shop: "")
        #expect(try library.render(page, template: "main") == "<ul>\n<li>kept <b>1</b></li>\n<li>plain <b>3</b></li>\n</ul>\n")
    }

    @Test func aPageWithFragmentsIsByteForByteThePageWithout() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        let values: [[String: Any]] = [["name": "Lamp <LED>", "price": "12,000원"], ["name": "\"Chair\" & co", "price": "$5.00"]]
        let plain = Page(cards: values.map { Card($0) }, shop: "")
        let kept = Page(cards: try values.map { Card($0, fragment: try library.renderFragment(Card($0), template: "card")) }, shop: "")
        #expect(try library.render(kept, template: "main") == library.render(plain, template: "main"))
        #expect(try library.render(kept, template: "main").contains("Lamp &lt;LED&gt;"))
    }

    @Test func fragmentOfAnotherTemplateIsNotUsed() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        let other = try library.renderFragment(DictionaryObject(fields: ["name": "other"]), template: "other")
        let page = Page(cards: [Card(["name": "live", "price": "2"], fragment: other)], shop: "")
        #expect(try library.render(page, template: "main") == "<ul>\n<li>live <b>2</b></li>\n</ul>\n")
    }

    @Test func indentedPartialRendersBecauseTheFragmentHasNoIndentation() throws {
        var sources = Self.sources
        sources["main"] = "<ul>\n{{#cards}}\n  {{> card}}\n{{/cards}}\n</ul>\n"
        let library = try TemplateLibrary(sources: sources)
        let kept = try library.renderFragment(DictionaryObject(fields: ["name": "kept", "price": "1"]), template: "card")
        let page = Page(cards: [Card(["name": "live", "price": "2"], fragment: kept)], shop: "")
        #expect(try library.render(page, template: "main") == "<ul>\n  <li>live <b>2</b></li>\n</ul>\n")
    }

    @Test func partialReachingABlockRendersBecauseAParentMayOverrideIt() throws {
        let sources = [
            "main": "{{<frame}}{{$note}}overridden{{/note}}{{/frame}}",
            "frame": "{{#cards}}{{> card}}{{/cards}}",
            "card": "<li>{{name}}</li>{{> inner}}",
            "inner": "({{$note}}default{{/note}})",
        ]
        let library = try TemplateLibrary(sources: sources)
        let kept = try library.renderFragment(DictionaryObject(fields: ["name": "kept"]), template: "card")
        #expect(kept.html == "<li>kept</li>(default)")
        let page = Page(cards: [Card(["name": "live"], fragment: kept)], shop: "")
        #expect(try library.render(page, template: "main") == "<li>live</li>(overridden)")
    }

    @Test func fragmentKeepsItsEscapingAndItsTemplateName() throws {
        let library = try TemplateLibrary(sources: Self.sources)
        let fragment = try library.renderFragment(DictionaryObject(fields: ["name": "<script>'x'</script>", "price": "&"]), template: "card")
        #expect(fragment.template == "card")
        #expect(fragment.html == "<li>&lt;script&gt;&#39;x&#39;&lt;/script&gt; <b>&amp;</b></li>\n")
        #expect(fragment.byteCount == fragment.html.utf8.count)
    }

    /// A page that fills its layout's `content` block: the override's body can be kept like a partial.
    static let pageSources = [
        "layout": "<html>\n<h1>{{title}}</h1>\n{{$content}}none{{/content}}\n</html>\n",
        "page": "{{<layout}}\n{{$content}}\n<ul>\n{{#cards}}\n{{> card}}\n{{/cards}}\n</ul>\n{{/content}}\n{{/layout}}\n",
        "card": "<li>{{name}}</li>\n",
    ]

    struct LayoutPage: TemplateObject {
        let title: String
        let cards: [Card]
        var renderedFragment: RenderedFragment?

        func value(forKey key: String) -> TemplateValue? {
            switch key {
            case "title": .text(title)
            case "cards": .list(cards)
            default: nil
            }
        }
    }

    @Test func keptBlockIsWrittenInsteadOfRenderingTheOverride() throws {
        let library = try TemplateLibrary(sources: Self.pageSources)
        let cards = [Card(["name": "a <b>"]), Card(["name": "c"])]
        let plain = try library.render(LayoutPage(title: "T", cards: cards), template: "page")
        #expect(plain == "<html>\n<h1>T</h1>\n<ul>\n<li>a &lt;b&gt;</li>\n<li>c</li>\n</ul>\n\n</html>\n")
        let content = try library.renderFragment(LayoutPage(title: "T", cards: cards), block: "content", of: "page")
        #expect(content.template == "page" && content.block == "content")
        #expect(try library.render(LayoutPage(title: "T", cards: cards, renderedFragment: content), template: "page") == plain)
        // Kept from other cards: the page shows the kept content around its own title.
        let other = try library.renderFragment(LayoutPage(title: "", cards: [Card(["name": "kept"])]), block: "content", of: "page")
        let page = try library.render(LayoutPage(title: "Live", cards: cards, renderedFragment: other), template: "page")
        #expect(page == "<html>\n<h1>Live</h1>\n<ul>\n<li>kept</li>\n</ul>\n\n</html>\n")
    }

    @Test func aBlockFragmentIsNotAPartialsAndAPartialsIsNotABlocks() throws {
        var sources = Self.pageSources
        sources["content"] = "<p>{{title}}</p>\n"
        sources["other"] = "{{<layout}}{{$content}}{{> content}}{{/content}}{{/layout}}"
        let library = try TemplateLibrary(sources: sources)
        let block = try library.renderFragment(LayoutPage(title: "kept", cards: []), block: "content", of: "page")
        #expect(try library.render(LayoutPage(title: "live", cards: [], renderedFragment: block), template: "other").contains("<p>live</p>"))
        let partial = try library.renderFragment(LayoutPage(title: "kept", cards: []), template: "content")
        #expect(try library.render(LayoutPage(title: "live", cards: [], renderedFragment: partial), template: "page").contains("<h1>live</h1>\n<ul>"))
        #expect(throws: TemplateRenderError.unknownTemplate("page$nothing")) {
            try library.renderFragment(LayoutPage(title: "", cards: []), block: "nothing", of: "page")
        }
    }

    @Test func indentedOrNestedBlocksRender() throws {
        let indented = try TemplateLibrary(sources: [
            "layout": "<div>\n  {{$content}}\n  {{/content}}\n</div>\n", "page": "{{<layout}}{{$content}}<p>{{title}}</p>\n{{/content}}{{/layout}}",
        ])
        let kept = try indented.renderFragment(LayoutPage(title: "kept", cards: []), block: "content", of: "page")
        #expect(try indented.render(LayoutPage(title: "live", cards: [], renderedFragment: kept), template: "page").contains("live"))
        let nested = try TemplateLibrary(sources: [
            "layout": "{{$content}}{{/content}}", "page": "{{<layout}}{{$content}}<p>{{title}}</p>{{$inner}}x{{/inner}}{{/content}}{{/layout}}",
        ])
        let keptNested = try nested.renderFragment(LayoutPage(title: "kept", cards: []), block: "content", of: "page")
        #expect(try nested.render(LayoutPage(title: "live", cards: [], renderedFragment: keptNested), template: "page") == "<p>live</p>x")
    }
}
