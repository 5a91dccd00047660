import Foundation
import OpenMarketTexts

/// A history entry's reason (a refusal, a failure), kept in every language the pages speak, so the console shows
/// it in its reader's language whoever caused it: `{"en": …, "ko": …}`. Older entries hold plain text, shown as it is.
enum AuditDetail {
    static func inEveryLanguage(_ words: (Strings) -> String) -> String {
        let texts = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0.rawValue, words($0.strings)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(texts) else { return words(Language.korean.strings) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The stored detail in `language`; plain text (older entries, start-up notes) as it is.
    static func text(_ stored: String, in language: Language) -> String {
        guard stored.hasPrefix("{"), let texts = try? JSONDecoder().decode([String: String].self, from: Data(stored.utf8)) else { return stored }
        return texts[language.rawValue] ?? texts[Language.korean.rawValue] ?? stored
    }
}
