import OpenMarketTemplating
import Testing

@Suite(.timeLimit(.minutes(10))) struct EscapingTests {
    @Test func fiveCharactersBecomeEntities() throws {
        #expect(try render("{{x}}", ["x": "&<>\"'"]) == "&amp;&lt;&gt;&quot;&#39;")
    }

    @Test func scriptTagIsInert() throws {
        try expectSameOutput(
            ["main": "<p>{{x}}</p>"], ["x": "<script>alert('x')</script>"],
            expected: "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>")
    }

    @Test func quotesCannotCloseAnAttribute() throws {
        try expectSameOutput(
            ["main": "{{% CONTENT_TYPE: SAFE_HTML }}\n<a href=\"{{url}}\" title='{{title}}'>"],
            ["url": "\" onmouseover=\"x", "title": "' onfocus='y"],
            expected: "<a href=\"&quot; onmouseover=&quot;x\" title='&#39; onfocus=&#39;y'>")
    }

    @Test func quoteFollowedByCombiningMarkIsStillEscaped() throws {
        // One grapheme cluster, `"` + U+0301: escaping per Character would let the quote through.
        let html = try render("<a title=\"{{x}}\">", ["x": "\"\u{301} onclick=\"y"])
        #expect(html == "<a title=\"&quot;\u{301} onclick=&quot;y\">")
        try expectSameOutput(["main": "{{% CONTENT_TYPE: SAFE_HTML }}\n{{x}}"], ["x": "\"\u{301}<\u{301}"])
    }

    @Test func nulAndNonASCIITextPassThrough() throws {
        try expectSameOutput(["main": "[{{x}}]"], ["x": "a\u{0}b 가격 €5 🙂 é"], expected: "[a\u{0}b 가격 €5 🙂 é]")
    }

    @Test func longTextIsEscapedThroughout() throws {
        let text = String(repeating: "abc<def>&", count: 1_000)
        let expected = String(repeating: "abc&lt;def&gt;&amp;", count: 1_000)
        #expect(try render("{{x}}", ["x": text]) == expected)
    }

    @Test func templateTextIsNotEscaped() throws {
        #expect(try render("<b>\"&'</b>") == "<b>\"&'</b>")
    }

    @Test func escapingIsPerScalarSoACombiningMarkCannotHideAQuote() {
        #expect(HTMLEscaping.escape("\"\u{301}onmouseover=alert(1)") == "&quot;\u{301}onmouseover=alert(1)")
        #expect(HTMLEscaping.escape("<b>'x' & \"y\"</b>") == "&lt;b&gt;&#39;x&#39; &amp; &quot;y&quot;&lt;/b&gt;")
        #expect(HTMLEscaping.escape("캠핑용 랜턴") == "캠핑용 랜턴")
        #expect(HTMLEscaping.escape("a\u{0}b") == "a\u{0}b")
    }

    /// What a page shows is what `HTMLEscaping.escape` gives, the function the fuzzer runs: one escaper, not two.
    @Test(arguments: ["", "plain", "&<>\"'", "\"\u{301}x", "가격 <b>", "a\u{0}'b", String(repeating: "<&>", count: 300)])
    func theRendererWritesWhatTheFuzzedEscaperGives(text: String) throws {
        #expect(try render("{{x}}", ["x": text]) == HTMLEscaping.escape(text))
    }

    /// Every byte value at every place of an eight-byte word, and random mixes of the five with Korean, ASCII and
    /// control bytes at every length and offset: the word-at-a-time pass gives what escaping scalar by scalar gives.
    @Test func eightBytesAtATimeEscapeAsOneByteAtATime() {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                word[place] = byte
                let packed = word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let isInTheirRuns = (0x22...0x27).contains(byte) || (0x3C...0x3E).contains(byte)
                #expect(HTMLEscaping.mayHoldOneOfTheFive(packed) == isInTheirRuns, "\(byte) at \(place)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "&", "<", ">", "\"", "'", "가", "격", " ", "a", "Z", "0", "9", "=", "/", ".", "%", "#", "\u{0}", "\u{7F}", "é", "😀", "\u{301}",
        ]
        for length in 0..<80 {
            for _ in 0..<20 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
                #expect(HTMLEscaping.escape(text) == ReferenceRenderer.Escaper().escapeText(text), "\(text.debugDescription)")
            }
        }
    }
}
