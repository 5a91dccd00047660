import Foundation
import OpenMarketTemplating
import Testing

@Suite(.timeLimit(.minutes(10))) struct TemplateLoadErrorTests {
    private func loadError(_ sources: [String: String]) -> TemplateLoadError? {
        do {
            _ = try TemplateLibrary(sources: sources)
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedSectionNamesItsOpeningLine() {
        let error = loadError(["products/index": "<ul>\n{{#cards}}\n<li>{{name}}</li>\n</ul>\n"])
        #expect(error == TemplateLoadError(template: "products/index", line: 2, reason: .unclosedSection("cards")))
        #expect(error?.description == "products/index.mustache:2: section 'cards' is never closed")
    }

    @Test func closingAnotherSectionIsRefused() {
        let error = loadError(["main": "{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}\n"])
        #expect(error == TemplateLoadError(template: "main", line: 3, reason: .mismatchedClose(expected: "b", found: "a")))
    }

    @Test func closingWithNothingOpenIsRefused() {
        #expect(loadError(["main": "text\n{{/a}}"])?.reason == .mismatchedClose(expected: nil, found: "a"))
    }

    @Test func unclosedBlockAndParentAreRefused() {
        #expect(loadError(["main": "{{$content}}default"])?.reason == .unclosedSection("content"))
        #expect(loadError(["main": "{{<layout}}{{$content}}x{{/content}}", "layout": ""])?.reason == .unclosedSection("layout"))
    }

    @Test func unknownPartialIsNamedWithItsLine() {
        let error = loadError(["main": "a\n\n  {{> partials/missing}}\n"])
        #expect(error == TemplateLoadError(template: "main", line: 3, reason: .unknownPartial("partials/missing")))
        #expect(error?.description == "main.mustache:3: unknown partial 'partials/missing'")
    }

    @Test func unknownPartialInsideABlockOverrideIsFound() {
        let error = loadError(["main": "{{<layout}}\n{{$content}}\n{{> nope}}\n{{/content}}\n{{/layout}}\n", "layout": "{{$content}}{{/content}}"])
        #expect(error?.reason == .unknownPartial("nope"))
    }

    @Test func unknownParentIsNamed() {
        #expect(loadError(["main": "{{<layuot}}{{/layuot}}"])?.reason == .unknownParent("layuot"))
    }

    @Test func tripleMustacheIsRefused() {
        let error = loadError(["main": "<p>\n{{{description}}}</p>"])
        #expect(error == TemplateLoadError(template: "main", line: 2, reason: .unescapedOutput("{{{description}}}")))
    }

    @Test func ampersandIsRefused() {
        #expect(loadError(["main": "{{& description }}"])?.reason == .unescapedOutput("{{& description }}"))
    }

    @Test func unsupportedFeaturesAreRefused() {
        #expect(loadError(["main": "{{=<% %>=}}"])?.reason == .unsupported("set delimiter tag"))
        #expect(loadError(["main": "{{>*dynamic}}"])?.reason == .unsupported("dynamic partial '*dynamic'"))
        #expect(loadError(["main": "{{uppercased(name)}}"])?.reason == .unsupported("transform 'uppercased(name)'"))
        #expect(loadError(["main": "{{% CONTENT_TYPE: TEXT }}"])?.reason == .unsupported("content type 'TEXT'"))
        #expect(loadError(["main": "{{% ELSE: X }}"])?.reason == .unsupported("pragma ' ELSE: X '"))
    }

    @Test func malformedTagsAreRefused() {
        #expect(loadError(["main": "{{name"])?.reason == .malformedTag)
        #expect(loadError(["main": "{{first name}}"])?.reason == .malformedTag)
        #expect(loadError(["main": "{{}}"])?.reason == .malformedTag)
        #expect(loadError(["main": "{{! never closed"])?.reason == .unclosedComment)
    }

    @Test func onlyBlocksMayStandInsideAParent() {
        let sources = ["main": "{{<layout}}{{name}}{{/layout}}", "layout": ""]
        #expect(loadError(sources)?.reason == .illegalInsideParent("a tag other than a block"))
    }

    @Test func missingDirectoryIsUnreadable() {
        #expect(throws: TemplateLoadError.self) {
            try TemplateLibrary(directory: URL(fileURLWithPath: "/nonexistent/templates"))
        }
    }
}
