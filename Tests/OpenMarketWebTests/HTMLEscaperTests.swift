import Foundation
import Mustache
import Testing
@testable import OpenMarketWeb

/// swift-mustache escapes per grapheme cluster: `"` + U+0301 is one Character it does not know and went out raw.
@Suite("HTML escaping per Unicode scalar", .timeLimit(.minutes(10)))
struct HTMLEscaperTests {
    static let combiningMarks: [Unicode.Scalar] = ["\u{0301}", "\u{0300}", "\u{036F}", "\u{20D0}", "\u{20FF}", "\u{FE0F}", "\u{200D}"]
    static let specials: [Character] = ["<", ">", "&", "\"", "'"]

    @Test func everySpecialCharacterFollowedByACombiningMarkIsEscaped() {
        for special in Self.specials {
            for mark in Self.combiningMarks {
                let input = "a\(special)\(Character(mark))b"
                let output = HTMLEscaper.escape(input)
                let bare = Self.withoutCharacterReferences(output)
                #expect(!bare.contains { "<>&\"'".unicodeScalars.contains($0) }, "\(output)")
                #expect(output.unicodeScalars.contains(mark), "the mark itself is kept")
            }
        }
    }

    /// The scalars left once `&…;` references are removed. Works on scalars: String comparison would treat
    /// `;` plus a combining mark as one Character, the very trap under test.
    static func withoutCharacterReferences(_ text: String) -> [Unicode.Scalar] {
        let scalars = Array(text.unicodeScalars)
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let end = scalars[index...].prefix(8).firstIndex(of: ";") {
                index = end + 1
                continue
            }
            result.append(scalars[index])
            index += 1
        }
        return result
    }

    @Test func renderedTemplatesEscapeInTextAndAttributes() throws {
        HTMLEscaper.register()
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: SAFE_HTML }}<img alt=\"{{value}}\"><p>{{value}}</p>")
        struct Model { var value: String }
        for special in Self.specials {
            for mark in Self.combiningMarks {
                let payload = "x\(special)\(Character(mark)) onerror=alert(1) <script>"
                let html = template.render(Model(value: payload))
                let inner = html.dropFirst("<img alt=\"".count).prefix { $0 != ">" }
                #expect(!inner.dropLast().unicodeScalars.contains("\""), "attribute closed early: \(html)")
                #expect(!html.contains("<script>"))
                #expect(html.hasSuffix("</p>") && html.components(separatedBy: "<").count == 4, "only our own tags: \(html)")
            }
        }
    }

    @Test func everyTemplateDeclaresTheSafeContentType() throws {
        let directory = TestSupport.packageRoot.appending(path: "Templates")
        let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
            #expect(text.hasPrefix("{{% CONTENT_TYPE: SAFE_HTML }}"), "\(file)")
            #expect(!text.contains("{{{") && !text.contains("{{&"), "\(file) renders unescaped values")
        }
    }
}
