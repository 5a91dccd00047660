import OpenMarketTemplating

/// A catalogue of texts as templates read it, `{{t.searchButton}}` or `{{admin.a.signOut}}`.
///
/// A dictionary built once per language rather than a `switch` over the names: a `switch` on a `String` compares
/// the name with one case after another, and the catalogue has over a hundred.
struct TemplateTexts: TemplateObject, Sendable {
    private let texts: [String: String]

    /// A name given twice keeps its first text; `TemplateTextsTests` makes sure no name is.
    init(_ entries: [(String, String)]) {
        texts = Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }

    var count: Int { texts.count }

    func value(forKey key: String) -> TemplateValue? {
        guard let text = texts[key] else { return nil }
        return .text(text)
    }
}
