import OpenMarketTemplating

/// The keys of one section of a language's texts, as code names them; in the file each follows the section's `prefix`
/// (`admin.signOut`).
package protocol TextKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    static var prefix: String { get }
}

/// One section of a language's texts (the storefront's, the console's, the questions'): code looks a text up by its
/// key (`strings[.searchButton]`), templates by its name (`{{t.searchButton}}`); both read the same catalogue.
///
/// A class: one per language and section is made at start, and every page that hands it on holds one reference.
package final class TextSection<Key: TextKey>: Sendable {
    package let language: Language
    package let catalogue: TextCatalogue
    /// The section as templates read it: each text under its key without the prefix.
    package let templateTexts: TemplateTexts
    private let texts: [Key: String]

    package init(language: Language, catalogue: TextCatalogue) {
        self.language = language
        self.catalogue = catalogue
        templateTexts = TemplateTexts(catalogue.entries(under: Key.prefix))
        texts = Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0, catalogue[Key.prefix + $0.rawValue]) })
    }

    package subscript(_ key: Key) -> String {
        texts[key] ?? key.rawValue
    }

    /// The text under `key` with its `{name}` placeholders filled.
    package func filling(_ key: Key, _ values: KeyValuePairs<String, String>) -> String {
        catalogue.filling(Key.prefix + key.rawValue, values)
    }

    /// The section in every language, from the files read at start-up.
    static func everyLanguage() -> [Language: TextSection] {
        Dictionary(uniqueKeysWithValues: Language.allCases.map {
            ($0, TextSection(language: $0, catalogue: TextCatalogues.catalogue(for: $0)))
        })
    }

    /// Every key of the section as the files write it.
    static var fileKeys: [String] {
        Key.allCases.map { Key.prefix + $0.rawValue }
    }
}
