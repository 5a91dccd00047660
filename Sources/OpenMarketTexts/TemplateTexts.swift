import OpenMarketTemplating

/// A catalogue of texts as templates read it, `{{t.searchButton}}` or `{{admin.a.signOut}}`.
///
/// A dictionary built once per language rather than a `switch` over the names: a `switch` on a `String` compares
/// the name with one case after another, and the catalogue has over a hundred. Measured in a release build, the
/// two are close for the layout's and list page's names, which come first (about 75 against 95 ns a name), but
/// over all names the switch takes about 300 ns a name and the dictionary still about 75.
package struct TemplateTexts: TemplateObject, Sendable {
    private let texts: [String: String]

    /// A name given twice keeps its first text; `TemplateTextsTests` makes sure no name is.
    package init(_ entries: [(String, String)]) {
        texts = Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }

    package var count: Int { texts.count }

    package func value(forKey key: String) -> TemplateValue? {
        guard let text = texts[key] else { return nil }
        return .text(text)
    }
}
