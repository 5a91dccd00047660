import OpenMarketTemplating
import Testing

/// How names are found on the context stack.
@Suite(.timeLimit(.minutes(10))) struct LookupTests {
    @Test func firstSegmentIsFoundFurtherDownTheStack() throws {
        try expectSameOutput(
            ["main": "{{#cards}}{{name}} {{layout.title}};{{/cards}}"],
            ["cards": [["name": "a"], ["name": "b"]], "layout": ["title": "T"]],
            expected: "a T;b T;")
    }

    @Test func innerObjectShadowsOuterNames() throws {
        try expectSameOutput(
            ["main": "{{name}}{{#card}}-{{name}}{{/card}}-{{name}}"],
            ["name": "page", "card": ["name": "card"]],
            expected: "page-card-page")
    }

    @Test func dottedNameDoesNotFallBackOnceItsFirstSegmentIsFound() throws {
        // `price` is found on the card, which has no `label`; the page's `price.label` is not consulted.
        try expectSameOutput(
            ["main": "{{#card}}[{{price.label}}]{{/card}}"],
            ["card": ["price": ["sale": "1"]], "price": ["label": "outer"]],
            expected: "[]")
    }

    @Test func absentValueLetsTheLookupContinueDown() throws {
        try expectSameOutput(["main": "{{#card}}{{title}}{{/card}}"], ["card": ["other": "x"], "title": "page"], expected: "page")
    }

    @Test func leadingDotLooksOnlyAtTheTop() throws {
        try expectSameOutput(
            ["main": "{{#card}}[{{.title}}][{{.name}}]{{/card}}"],
            ["card": ["name": "n"], "title": "page"],
            expected: "[][n]")
    }

    @Test func valuesThatAreNotObjectsHaveNoNames() throws {
        try expectSameOutput(["main": "{{#tags}}[{{count}}]{{/tags}}"], ["tags": ["a"], "count": 3], expected: "[3]")
        try expectSameOutput(["main": "{{name.count}}|{{flag.x}}"], ["name": "abc", "flag": true], expected: "|")
    }

    @Test func nestedObjectsAreReadAfreshForEachElement() throws {
        // The renderer caches `price` per stack frame; each card must still show its own price.
        let cards: [[String: Any]] = (1...3).map { ["price": ["sale": "\($0)0", "label": "L\($0)"]] }
        try expectSameOutput(
            ["main": "{{#cards}}{{price.sale}}/{{price.label}} {{/cards}}{{price.sale}}"],
            ["cards": cards, "price": ["sale": "page"]],
            expected: "10/L1 20/L2 30/L3 page")
    }

    @Test func cachedObjectOnAnOuterFrameServesInnerSections() throws {
        try expectSameOutput(
            ["main": "{{layout.t.a}}{{#cards}}[{{layout.t.a}}{{#inner}}{{layout.t.b}}{{/inner}}]{{/cards}}"],
            ["layout": ["t": ["a": "A", "b": "B"]], "cards": [["inner": true], ["inner": false]]],
            expected: "A[AB][A]")
    }

    @Test func handWrittenObjectAnswersOnlyItsKeys() throws {
        struct Card: TemplateObject {
            var name: String
            var note: String?
            func value(forKey key: String) -> TemplateValue? {
                switch key {
                case "name": .text(name)
                case "note": .text(note)
                default: nil
                }
            }
        }
        struct Page: TemplateObject {
            var cards: [Card]
            var featured: Card?
            func value(forKey key: String) -> TemplateValue? {
                switch key {
                case "cards": .list(cards)
                case "note": .text("page note")
                case "featured": .object(featured)
                default: nil
                }
            }
        }
        let library = try TemplateLibrary(sources: ["main": "{{#cards}}{{name}}: {{note}}; {{/cards}}{{^featured}}none{{/featured}}"])
        let html = try library.render(Page(cards: [Card(name: "a", note: "own"), Card(name: "b", note: nil)]), template: "main")
        #expect(html == "a: own; b: page note; none")
        let featured = try library.render(Page(cards: [], featured: Card(name: "f")), template: "main")
        #expect(featured == "")
    }
}
