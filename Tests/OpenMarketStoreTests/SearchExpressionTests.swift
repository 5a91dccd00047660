import OpenMarketInput
import OpenMarketStore
import Testing

/// The pure query builder: whatever is typed comes out as one FTS5 string, never as syntax.
@Suite("Search expression", .timeLimit(.minutes(10)))
struct SearchExpressionTests {
    static let hostile: [String] = [
        "\"", "\"\"", "*", "NEAR(", "NEAR(a b)", "^", "-", "(", ")", "col:x", "name:camera", "OR", "AND", "NOT", "a OR b",
        "\"\u{301}abc", "\"\u{301} OR \"\u{301}", "e\u{301}", "\u{200D}", "👨\u{200D}👩\u{200D}👧", "\u{FEFF}abc", "abc\u{0}def", "\u{0}",
        "\u{202E}abc", "a\u{AD}b", "\t\n\r", "'; DROP TABLE product; --", "%_\\", "{a b}", "a + b", "\u{1}\u{7F}",
        String(repeating: "\"x", count: 5_000), String(repeating: "의자", count: 10_000),
    ]

    /// An FTS5 string: opens and closes with `"`, and every `"` inside is doubled.
    static func isOneQuotedString(_ match: String) -> Bool {
        let scalars = Array(match.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return false }
        var index = 1
        while index < scalars.count - 1 {
            if scalars[index] == "\"" {
                guard scalars[index + 1] == "\"", index + 1 < scalars.count - 1 else { return false }
                index += 2
            } else {
                index += 1
            }
        }
        return true
    }

    @Test("Hostile input becomes one quoted string without controls", arguments: hostile)
    func hostileInputIsText(typed: String) {
        guard let expression = SearchExpression(typed) else {
            // Only input with nothing visible may be refused.
            #expect(SearchExpression.cleaned(typed).isEmpty)
            return
        }
        #expect(Self.isOneQuotedString(expression.match), "\(expression.match)")
        #expect(!expression.match.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(expression.text.unicodeScalars.count <= SearchExpression.maxScalars)
    }

    @Test func quoteWithACombiningMarkIsDoubledScalarByScalar() throws {
        let typed = "\"\u{301}abc"
        let expression = try #require(SearchExpression(typed))
        #expect(expression.index == .trigram)
        let expected = "\"\"\"\u{301}abc\""
        #expect(expression.match == expected)
    }

    @Test func controlAndFormatCharactersAreDroppedButJoinersKept() throws {
        #expect(SearchExpression("abc\u{0}def")?.text == "abcdef")
        #expect(SearchExpression("\u{FEFF}chair")?.text == "chair")
        #expect(SearchExpression("a\u{AD}bc")?.text == "abc")
        #expect(SearchExpression("👨\u{200D}👩")?.text == "👨\u{200D}👩")
        #expect(SearchExpression("  film \t\n camera  ")?.text == "film camera")
        #expect(SearchExpression("\u{0}\u{FEFF}\t ") == nil)
        #expect(SearchExpression("") == nil)
    }

    @Test func shortQueriesUseTheShortIndexWithFoldedHexWords() throws {
        #expect(SearchExpression("OR")?.index == .short)
        #expect(SearchExpression("OR")?.match == "\"6F72\"")
        #expect(SearchExpression("의자")?.match == "\"EC9D98EC9E90\"")
        #expect(SearchExpression("판")?.index == .short)
        #expect(SearchExpression("\"")?.match == "\"22\"")
        #expect(SearchExpression("abc")?.index == .trigram)
    }

    @Test func longInputIsCut() throws {
        let expression = try #require(SearchExpression(String(repeating: "ab", count: 1_000)))
        #expect(expression.text.unicodeScalars.count == SearchExpression.maxScalars)
    }
}
