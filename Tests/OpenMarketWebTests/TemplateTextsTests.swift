import OpenMarketTemplating
import Testing
@testable import OpenMarketWeb

/// The catalogues' template tables are written by hand: each must hold every text under its property's name.
@Suite(.timeLimit(.minutes(10))) struct TemplateTextsTests {
    @Test func stringsTableHoldsEveryTextUnderItsPropertyName() {
        for language in Language.allCases {
            let strings = language.strings
            Self.expectSameTexts(strings.templateTexts, Self.textProperties(of: strings), "\(language)")
        }
    }

    @Test func adminStringsTableHoldsEveryTextUnderItsPropertyName() {
        for language in Language.allCases {
            let strings = language.adminStrings
            Self.expectSameTexts(strings.templateTexts, Self.textProperties(of: strings), "admin \(language)")
        }
    }

    /// Reflection is fine here: it checks the table once, and is never used when a page renders.
    static func textProperties(of catalogue: Any) -> [String: String] {
        var texts: [String: String] = [:]
        for child in Mirror(reflecting: catalogue).children {
            if let label = child.label, let text = child.value as? String { texts[label] = text }
        }
        return texts
    }

    static func expectSameTexts(_ table: TemplateTexts, _ properties: [String: String], _ catalogue: String) {
        #expect(properties.count > 50)
        #expect(table.count == properties.count, "\(catalogue): \(table.count) entries for \(properties.count) texts")
        for (name, text) in properties {
            guard case .text(let answered)? = table.value(forKey: name) else {
                Issue.record("\(catalogue) has no entry \(name)")
                continue
            }
            #expect(answered == text, "\(catalogue).\(name)")
        }
    }
}
