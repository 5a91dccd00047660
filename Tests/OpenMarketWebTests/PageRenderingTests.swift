import Foundation
import Hummingbird
import Mustache
import NIOCore
import OpenMarketTemplating
import Testing
@testable import OpenMarketWeb

/// Page models answer their templates' names with hand-written switches; these tests make sure no name is
/// forgotten, which would otherwise render as nothing without any error.
@Suite(.timeLimit(.minutes(10))) struct PageRenderingTests {
    static let templatesDirectory = TestSupport.packageRoot.appending(path: "Templates")

    /// swift-mustache reads the same model by reflection; both must give the same bytes for every page and state.
    @Test func everyPageRendersAsSwiftMustacheReadsItsModel() async throws {
        let renderer = try PageRenderer(templatesDirectory: Self.templatesDirectory)
        HTMLEscaper.register()
        let reference = try await MustacheLibrary(directory: Self.templatesDirectory.path)
        for (name, page) in SamplePages.all() {
            let template = type(of: page).templateName
            let expected = try #require(reference.render(ReflectedPage(page: page), withTemplate: template), "\(template)")
            let actual = try renderer.library.render(page, template: template)
            // Compared outside `#expect`, which would print both pages whole.
            let same = actual == expected
            #expect(same, "\(name) (\(template)) differs from swift-mustache at \(Self.firstDifference(actual, expected))")
        }
    }

    /// Every name any template reads is answered by some model in some state; a name answered nowhere would
    /// render empty on every page.
    @Test func everyTemplateNameHasAValueSomewhere() throws {
        let renderer = try PageRenderer(templatesDirectory: Self.templatesDirectory)
        let answered = AnsweredNames()
        for (_, page) in SamplePages.all() {
            _ = try renderer.library.render(RecordingObject(base: page, answered: answered), template: type(of: page).templateName)
        }
        let unanswered = try Self.templateNames().subtracting(answered.names)
        #expect(unanswered.isEmpty, "no page model answers \(unanswered.sorted())")
    }

    /// A response's body is the page rendered straight into its buffer, or copied there when the page is larger.
    @Test(arguments: [32 * 1024, 1024]) func responseBodiesHoldThePage(bodyCapacity: Int) async throws {
        var renderer = try PageRenderer(templatesDirectory: Self.templatesDirectory)
        renderer.bodyCapacity = bodyCapacity
        var overflowed = 0
        for (name, page) in SamplePages.all() {
            let expected = try renderer.library.renderUTF8(page, template: type(of: page).templateName)
            let response = try renderer.response(page)
            let length = try #require(response.body.contentLength, "\(name)")
            let body = try await BodyCollector.collect(response.body, expected: length)
            #expect(Array(body.readableBytesView) == expected, "\(name)")
            if expected.count > bodyCapacity { overflowed += 1 }
        }
        if bodyCapacity < 2048 { #expect(overflowed > 0) }
    }

    @Test func everyPageTemplateHasASample() {
        let sampled = Set(SamplePages.all().map { type(of: $0.page).templateName })
        #expect(sampled == Set(PageRenderer.requiredTemplates).subtracting(["layout"]))
    }

    /// The engine escapes per Unicode scalar: a quote followed by a combining mark cannot close an attribute.
    @Test func textIsEscapedPerScalar() throws {
        let renderer = try PageRenderer(templatesDirectory: Self.templatesDirectory)
        let page = try #require(SamplePages.all().first { $0.name.hasPrefix("list-full") }?.page)
        let html = try renderer.library.render(page, template: type(of: page).templateName)
        #expect(html.contains("&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&quot;\u{301}&lt;/b&gt;"))
        #expect(!html.contains("<b>"))
    }

    /// Each segment of every `{{name}}`, `{{#name}}` and `{{^name}}` in `Templates/`.
    static func templateNames() throws -> Set<String> {
        let pattern = try Regex(#"\{\{\s*[#^]?\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}"#)
        var names: Set<String> = []
        let files = try #require(FileManager.default.enumerator(atPath: templatesDirectory.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: templatesDirectory.appending(path: file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                guard let name = match.output[1].substring else { continue }
                names.formUnion(name.split(separator: ".").map(String.init))
            }
        }
        return names
    }

    static func firstDifference(_ lhs: String, _ rhs: String) -> String {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        let common = min(left.count, right.count)
        guard let index = (0..<common).first(where: { left[$0] != right[$0] }) ?? (left.count == right.count ? nil : common) else { return "none" }
        let around = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 80)], as: UTF8.self) }
        return "byte \(index):\n ours: \(around(left))\n swift-mustache: \(around(right))"
    }
}
