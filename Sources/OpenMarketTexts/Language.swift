import Foundation

/// The interface languages: Korean by default, English on request. A language is its case here (the raw value is
/// its code) and its texts' file, `Texts/<code>.texts`.
public enum Language: String, Sendable, CaseIterable {
    case korean = "ko"
    case english = "en"

    /// The visitor's choice (`chosen`, a cookie's code) wins, then the browser's `Accept-Language`, then Korean.
    package static func preferred(chosen: String?, acceptLanguage: String) -> Language {
        if let chosen = chosen.flatMap(Language.init(rawValue:)) {
            return chosen
        }
        let accepted = acceptLanguage.split(separator: ",").compactMap { entry -> (String, Double)? in
            let parts = entry.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return nil }
            let quality = parts.dropFirst().first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("q=") }
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) } ?? 1
            return (tag, quality)
        }
        for (tag, _) in accepted.sorted(by: { $0.1 > $1.1 }) {
            if let language = allCases.first(where: { tag.hasPrefix($0.rawValue) }) { return language }
        }
        return .korean
    }

    /// The language the header offers: the next one, so that every language is reached from every other.
    package var other: Language {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
