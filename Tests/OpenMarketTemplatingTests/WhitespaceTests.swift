import Testing

/// Standalone lines, indentation and line endings in corner cases, checked against swift-mustache only:
/// matching it is the requirement, whatever the Mustache spec says about a case.
@Suite(.timeLimit(.minutes(10))) struct WhitespaceTests {
    static var data: [String: Any] {
        ["on": true, "off": false, "x": "X", "items": ["a", "b"], "cards": [["name": "1"], ["name": "2"]]]
    }

    static let partials: [String: String] = [
        "line": "<i>{{x}}</i>\n",
        "lines": "one\n  two {{x}}\n{{#on}}\nthree\n{{/on}}\n",
        "loop": "{{#cards}}\n<c>{{name}}</c>\n{{/cards}}\n",
        "bare": "no newline",
        "nested": "<n>\n  {{> lines}}\n</n>\n",
        "layout": "<main>\n  {{$content}}\n  default\n  {{/content}}\n</main>\n",
    ]

    static let templates: [String] = [
        "a\n  {{#on}}  \nb\n  {{/on}}  \nc",
        "{{#on}}\nat start\n{{/on}}",
        "end\n{{#on}}x{{/on}}",
        "end\n{{! comment }}",
        "trailing {{#on}}\nx\n{{/on}} here\n",
        "{{#on}}\nx{{/on}}{{! after a section whose open tag stood alone }}\nnext",
        "{{#on}}\nx{{/on}} {{#on}}\ny\n{{/on}}\n",
        "crlf\r\n{{#on}}\r\nin\r\n{{/on}}\r\nout\r\n",
        "crlf partial\r\n  {{> lines}}\r\nafter\r\n",
        "  {{> line}}\n  {{> line}}\n",
        "  {{> lines}}\n",
        "\t{{> nested}}\n",
        "  {{> loop}}\n",
        "  {{> bare}}\n|",
        "  {{> bare}}",
        "inline {{> lines}} text\n",
        "  {{#items}}\n  {{> line}}\n  {{/items}}\n",
        "{{<layout}}\n{{$content}}\n    deep\n      deeper\n    back\n{{/content}}\n{{/layout}}\n",
        "{{<layout}}{{$content}}inline{{/content}}{{/layout}}",
        "{{<layout}}\n{{/layout}}\n",
        "  {{<layout}}\n  {{$content}}\n  x\n  {{/content}}\n  {{/layout}}\n",
        "a {{$block}}\n  b\n{{/block}} c\n",
        "{{x}}\n{{% CONTENT_TYPE: HTML }}\n{{x}}",
        "braces { {x} }{ {{x}} }}",
        "{{#on}}{{/on}}\n",
        "   \n\t\n",
        "   ",
        "x   ",
    ]

    @Test(arguments: templates.indices)
    func matchesSwiftMustache(index: Int) throws {
        var sources = Self.partials
        sources["main"] = Self.templates[index]
        try expectSameOutput(sources, Self.data)
    }
}
