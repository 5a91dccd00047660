import OpenMarketTemplating
import Testing

/// A kept fragment is written in place of its partial exactly where rendering the partial would give the same
/// bytes, and nowhere else.
@Suite struct RenderedFragmentTests {
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
}
