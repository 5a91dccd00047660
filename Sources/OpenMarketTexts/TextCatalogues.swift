import Foundation

/// Every language's catalogue, read once from the files this module carries (`Texts/<code>.texts`). Korean is the
/// reference: every other language has its keys and placeholders, and it has every key the code asks for.
package enum TextCatalogues {
    package static let reference = Language.korean

    private static let loaded: [Language: Result<TextCatalogue, TextCatalogue.Problem>] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in
            (language, Result { () throws(TextCatalogue.Problem) in try read(language.rawValue) })
        })

    /// A language's catalogue. Start-up (`PageRenderer`) refuses files with `problems()`, so it is there; were it
    /// not, an empty catalogue shows each text's key rather than stopping a running server.
    package static func catalogue(for language: Language) -> TextCatalogue {
        (try? loaded[language]?.get()) ?? TextCatalogue.empty(language.rawValue)
    }

    /// Every problem of every file, said so that a translator can fix it; empty when all can serve.
    package static func problems() -> [String] {
        var problems: [String] = []
        for language in Language.allCases {
            if case .failure(let problem) = loaded[language] { problems.append(problem.description) }
        }
        guard case .success(let reference) = loaded[reference] else { return problems }
        let wanted = Set(Strings.fileKeys + AdminStrings.fileKeys + QuestionTexts.fileKeys)
        for key in wanted.subtracting(reference.keys).sorted() {
            problems.append("\(reference.code).texts lacks ‘\(key)’, which the pages use")
        }
        for language in Language.allCases where language != Self.reference {
            if case .success(let catalogue) = loaded[language] { problems += catalogue.problems(against: reference) }
        }
        return problems
    }

    /// Reads `Texts/<code>.texts` from this module's resources.
    package static func read(_ code: String) throws(TextCatalogue.Problem) -> TextCatalogue {
        guard let url = Bundle.module.url(forResource: code, withExtension: "texts", subdirectory: "Texts"),
            let source = try? String(contentsOf: url, encoding: .utf8)
        else { throw TextCatalogue.Problem(description: "\(code).texts is missing from the module's resources") }
        return try TextCatalogue(code: code, source: source)
    }
}
