import Foundation
import Mustache
import OpenMarketTemplating
import Testing

/// Every template in `Templates/` renders byte for byte as swift-mustache renders it, for every data set.
@Suite(.timeLimit(.minutes(10))) struct ConformanceTests {
    /// `Templates/` at the package root, found from this file's path so the test runs from any directory.
    static let templatesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    @Test func everyTemplateMatchesSwiftMustache() async throws {
        let ours = try TemplateLibrary(directory: Self.templatesDirectory)
        let reference = try await ReferenceRenderer.library(directory: Self.templatesDirectory)
        let (t, a) = try PageData.catalogues(templatesDirectory: Self.templatesDirectory)
        let q = try PageData.questionCatalogue(templatesDirectory: Self.templatesDirectory)
        let pages = PageData.pages(t: t, a: a) + PageData.questionPages(t: t, a: a, q: q)
        let covered = Set(pages.flatMap(\.templates))
        #expect(covered == Set(ours.templateNames), "every template needs data here")
        for name in ours.templateNames {
            #expect(reference.getTemplate(named: name) != nil, "swift-mustache names templates differently: \(name)")
        }
        for page in pages {
            for template in page.templates {
                let expected = try #require(reference.render(page.data, withTemplate: template), "swift-mustache lacks \(template)")
                let actual = try ours.render(DictionaryObject(fields: page.data), template: template)
                #expect(actual == expected, "\(template) with \(page.name) data differs")
                if actual != expected {
                    Issue.record("first difference at \(firstDifference(actual, expected))")
                }
            }
            let primary = try ours.render(DictionaryObject(fields: page.data), template: page.templates[0])
            #expect(primary.contains(page.marker), "\(page.templates[0]) with \(page.name) data lacks \(page.marker)")
        }
    }

    @Test func listPageRendersTwentyCards() throws {
        let ours = try TemplateLibrary(directory: Self.templatesDirectory)
        let (t, a) = try PageData.catalogues(templatesDirectory: Self.templatesDirectory)
        let page = try #require(PageData.pages(t: t, a: a).first { $0.name == "list-full" })
        let html = try ours.render(DictionaryObject(fields: page.data), template: "products/index")
        #expect(html.components(separatedBy: "<li class=\"product-card").count - 1 == 20)
        #expect(html.contains("&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&quot;\u{301}&lt;/b&gt;"))
    }

    private func firstDifference(_ lhs: String, _ rhs: String) -> String {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        let common = min(left.count, right.count)
        let index = (0..<common).first { left[$0] != right[$0] } ?? common
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 60)..<min(bytes.count, index + 60)], as: UTF8.self) }
        return "byte \(index):\n ours: \(context(left))\n swift-mustache: \(context(right))"
    }
}
