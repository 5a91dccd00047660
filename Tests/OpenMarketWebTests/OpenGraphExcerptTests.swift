import Foundation
@testable import OpenMarketWeb
import Testing

@Suite("Open Graph excerpts", .timeLimit(.minutes(10)))
struct OpenGraphExcerptTests {
    /// The excerpt as it was made from the whole text: every line joined with a space, then cut.
    static func wholeTextExcerpt(_ text: String, limit: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > limit else { return line }
        let cut = line.prefix(limit)
        let atSpace = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atSpace.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A fixed sequence of numbers, so that a failure names a text that fails again.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Line breaks of every kind in runs, spaces, Korean, combining marks right after a break (they join the
    /// space that replaces it), emoji with modifiers: the excerpt read from the start only is the whole text's.
    @Test func theStartOfTheTextGivesTheWholeTextsExcerpt() {
        let pieces = ["\n", "\r\n", "\n\n\n", "\u{2028}", "\u{85}", " ", "  ", "a", "word", "가", "중고 의자", "\u{301}", "e\u{301}", "👍🏽", "🇰🇷", "\t", "…"]
        var random = SplitMix(state: 20_261_129)
        var checked = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...160, using: &random)
            let text = (0..<length).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            for limit in [1, 2, 7, 100] {
                let excerpt = OpenGraph.excerpt(text, limit: limit)
                #expect(excerpt == Self.wholeTextExcerpt(text, limit: limit), "text \(text.debugDescription), limit \(limit)")
                checked += 1
            }
        }
        #expect(checked == 12_000)
        // A long description is cut at its last space within the limit; a short one is its lines joined.
        let long = String(repeating: "중고 의자 팝니다\n", count: 200)
        #expect(OpenGraph.excerpt(long) == Self.wholeTextExcerpt(long, limit: 100))
        #expect(OpenGraph.excerpt(long).count <= 101)
        #expect(OpenGraph.excerpt("one\n\ntwo\n") == "one two")
    }
}
