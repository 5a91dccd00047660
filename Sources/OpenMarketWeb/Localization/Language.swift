import Foundation
import Hummingbird

/// The interface languages: Korean by default, English on request.
public enum Language: String, Sendable, CaseIterable {
    case korean = "ko"
    case english = "en"

    static let cookieName = "lang"

    /// The visitor's choice (cookie) wins, then the browser's `Accept-Language`, then Korean.
    static func preferred(for request: Request) -> Language {
        if let chosen = request.cookies[cookieName].flatMap({ Language(rawValue: $0.value) }) {
            return chosen
        }
        let accepted = (request.headers[.acceptLanguage] ?? "").split(separator: ",").compactMap { entry -> (String, Double)? in
            let parts = entry.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return nil }
            let quality = parts.dropFirst().first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("q=") }
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) } ?? 1
            return (tag, quality)
        }
        for (tag, _) in accepted.sorted(by: { $0.1 > $1.1 }) {
            if tag.hasPrefix("ko") { return .korean }
            if tag.hasPrefix("en") { return .english }
        }
        return .korean
    }

    var strings: Strings { self == .korean ? .korean : .english }
    var other: Language { self == .korean ? .english : .korean }
}
