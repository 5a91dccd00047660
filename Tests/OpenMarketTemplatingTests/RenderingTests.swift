import OpenMarketTemplating
import Testing

/// Each feature our templates use, against its expected output and against swift-mustache.
@Suite(.timeLimit(.minutes(10))) struct RenderingTests {
    @Test func variablesPrintTextNumbersAndBooleans() throws {
        try expectSameOutput(
            ["main": "{{name}} {{count}} {{negative}} {{zero}} {{flag}} {{missing}}|"],
            ["name": "Lamp", "count": 12_345, "negative": -7, "zero": 0, "flag": true],
            expected: "Lamp 12345 -7 0 true |")
    }

    @Test func tagsMayHaveSpacesInside() throws {
        try expectSameOutput(["main": "{{ name }}{{# on }}!{{/ on }}"], ["name": "a", "on": true], expected: "a!")
    }

    @Test func dottedNamesFollowObjects() throws {
        try expectSameOutput(
            ["main": "{{layout.t.siteName}}/{{layout.title}}/{{layout.nothing.deeper}}/{{name.deeper}}"],
            ["layout": ["title": "T", "t": ["siteName": "Market"]], "name": "x"],
            expected: "Market/T//")
    }

    @Test func trueSectionKeepsTheContextAndFalseHidesIt() throws {
        try expectSameOutput(
            ["main": "{{#on}}[{{name}}]{{/on}}{{#off}}hidden{{/off}}{{#missing}}hidden{{/missing}}"],
            ["on": true, "off": false, "name": "n"],
            expected: "[n]")
    }

    @Test func listSectionRendersOncePerElement() throws {
        try expectSameOutput(
            ["main": "{{#cards}}<{{name}}>{{/cards}}{{#none}}x{{/none}}"],
            ["cards": [["name": "a"], ["name": "b"], ["name": "c"]], "none": [[String: Any]]()],
            expected: "<a><b><c>")
    }

    @Test func textListsPushEachText() throws {
        try expectSameOutput(["main": "{{#tags}}[{{.}}]{{/tags}}"], ["tags": ["a", "<b>"]], expected: "[a][&lt;b&gt;]")
    }

    @Test func objectSectionPushesTheObject() throws {
        try expectSameOutput(
            ["main": "{{#price}}{{sale}} of {{name}}{{/price}}"],
            ["price": ["sale": "9"], "name": "Lamp"],
            expected: "9 of Lamp")
    }

    @Test func textAndNumberSectionsPushTheValueEvenWhenEmptyOrZero() throws {
        try expectSameOutput(
            ["main": "{{#notice}}({{.}}){{/notice}}{{#empty}}[empty]{{/empty}}{{#zero}}<{{.}}>{{/zero}}"],
            ["notice": "Saved", "empty": "", "zero": 0],
            expected: "(Saved)[empty]<0>")
    }

    @Test func invertedSectionRendersForAbsentFalseAndEmpty() throws {
        try expectSameOutput(
            ["main": "{{^missing}}1{{/missing}}{{^off}}2{{/off}}{{^none}}3{{/none}}{{^on}}x{{/on}}{{^text}}x{{/text}}{{^list}}x{{/list}}"],
            ["off": false, "none": [[String: Any]](), "on": true, "text": "", "list": [["a": 1]]],
            expected: "123")
    }

    @Test func commentsPrintNothing() throws {
        try expectSameOutput(["main": "a{{! a comment\nover lines }}b"], expected: "ab")
    }

    @Test func pragmaLineDisappears() throws {
        try expectSameOutput(["main": "{{% CONTENT_TYPE: SAFE_HTML }}\n<p>{{x}}</p>\n"], ["x": "\"&"], expected: "<p>&quot;&amp;</p>\n")
    }

    @Test func standaloneTagLinesAreRemoved() throws {
        let source = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n  {{! note }}\n  {{^items}}\n  none\n  {{/items}}\n</ul>\n"
        try expectSameOutput(["main": source], ["items": ["a", "b"]], expected: "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func tagsSharingALineWithTextStay() throws {
        try expectSameOutput(["main": "  {{#on}}yes{{/on}}  \n|"], ["on": true], expected: "  yes  \n|")
    }

    @Test func partialsSeeTheCallersContext() throws {
        try expectSameOutput(
            ["main": "{{#cards}}{{> partials/card}}{{/cards}}", "partials/card": "<{{name}}:{{shop}}>"],
            ["cards": [["name": "a"], ["name": "b"]], "shop": "S"],
            expected: "<a:S><b:S>")
    }

    @Test func standalonePartialIsIndentedLineByLine() throws {
        let partial = "<p>\n{{#on}}\n  <b>{{x}}</b>\n{{/on}}\n</p>\n"
        try expectSameOutput(
            ["main": "<div>\n    {{> part}}\n</div>\n", "part": partial],
            ["on": true, "x": "1"],
            expected: "<div>\n    <p>\n      <b>1</b>\n    </p>\n</div>\n")
    }

    @Test func inheritanceFillsTheLayoutsBlocks() throws {
        let layout = "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$content}}{{/content}}\n</main>\n"
        let page = "{{<layout}}\n{{$content}}\n<h1>{{heading}}</h1>\n{{/content}}\n{{/layout}}\n"
        try expectSameOutput(
            ["main": page, "layout": layout], ["heading": "Hi"],
            expected: "<title>Default</title>\n<main>\n<h1>Hi</h1>\n\n</main>\n")
    }

    @Test func outermostOverrideWins() throws {
        let sources = [
            "base": "[{{$b}}base{{/b}}]",
            "middle": "{{<base}}{{$b}}middle{{/b}}{{/base}}",
            "main": "{{<middle}}{{$b}}main{{/b}}{{/middle}}",
        ]
        try expectSameOutput(sources, expected: "[main]")
    }

    @Test func blockWithoutOverrideRendersItsDefault() throws {
        try expectSameOutput(["main": "a{{$b}}default {{x}}{{/b}}c"], ["x": 1], expected: "adefault 1c")
    }

    @Test func unknownTemplateIsARenderError() throws {
        let library = try TemplateLibrary(sources: ["main": "x"])
        #expect(throws: TemplateRenderError.unknownTemplate("other")) {
            try library.render(DictionaryObject(fields: [:]), template: "other")
        }
    }

    @Test func unconditionalSelfInclusionStopsWithAnError() throws {
        let library = try TemplateLibrary(sources: ["main": "a{{> main}}"])
        #expect(throws: TemplateRenderError.partialsTooDeep("main")) {
            try library.render(DictionaryObject(fields: [:]), template: "main")
        }
    }

    @Test func recursivePartialEndsWithItsData() throws {
        // A leaf needs its own empty list: without it the lookup would find its parent's children again.
        let leaf: [String: Any] = ["name": "c", "children": [[String: Any]]()]
        let tree: [String: Any] = ["name": "a", "children": [["name": "b", "children": [leaf]]]]
        try expectSameOutput(["main": "{{name}}({{#children}}{{> main}}{{/children}})"], tree, expected: "a(b(c()))")
    }

    @Test func concurrentRendersShareOneLibrary() async throws {
        let library = try TemplateLibrary(sources: ["main": "{{#items}}<{{.}}>{{/items}}", "unused": "x"])
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let items = (0..<200).map { "\(task)-\($0)" }
                    return try library.render(DictionaryObject(fields: ["items": items]), template: "main")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = Set((0..<8).map { task in (0..<200).map { "<\(task)-\($0)>" }.joined() })
        #expect(Set(outputs) == expected)
    }

    @Test func bytesAndStringAgree() throws {
        let library = try TemplateLibrary(sources: ["main": "가격 {{x}}"])
        let bytes = try library.renderUTF8(DictionaryObject(fields: ["x": "<₩>"]), template: "main")
        #expect(String(decoding: bytes, as: UTF8.self) == "가격 &lt;₩&gt;")
    }

    @Test func renderingIntoLentMemoryWritesThereWhenItFitsAndGivesItsOwnBytesWhenNot() throws {
        let library = try TemplateLibrary(sources: ["main": "가격 {{x}}{{#items}} [{{.}}]{{/items}}", "deep": "{{> deep}}"])
        let object = DictionaryObject(fields: ["x": "<₩>", "items": ["a&b", "c"]])
        let expected = try library.renderUTF8(object, template: "main")
        let lent = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { lent.deallocate() }
        guard case .destination(let count) = try library.render(object, template: "main", into: lent) else {
            Issue.record("a page that fits was not written into the lent memory")
            return
        }
        #expect(Array(lent[0..<count]) == expected)

        let small = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { small.deallocate() }
        guard case .overflow(let bytes) = try library.render(object, template: "main", into: small) else {
            Issue.record("a page larger than the lent memory was reported as written there")
            return
        }
        #expect(bytes == expected)
        #expect(throws: TemplateRenderError.partialsTooDeep("deep")) {
            try library.render(object, template: "deep", into: lent)
        }
    }

    @Test func libraryListsItsTemplates() throws {
        let library = try TemplateLibrary(sources: ["b": "", "a/c": ""])
        #expect(library.templateNames == ["a/c", "b"])
        #expect(library.hasTemplate(named: "a/c"))
        #expect(!library.hasTemplate(named: "a"))
    }
}
