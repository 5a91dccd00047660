import OpenMarketTemplating

/// The texts of product questions (상품 문의): the `question.` keys of `Texts/<code>.texts` (see `TextCatalogue`),
/// named in code by key (`texts[.askButton]`) and in templates by the rest of the key (`{{q.askButton}}`).
package struct QuestionTexts: Sendable {
    package enum Key: String, CaseIterable, Sendable {
        case heading, askHeading, fieldNickname, nicknameHint, fieldQuestion, questionHint, fieldPassword, passwordHint
        case privateLabel, privateHint, askButton, noQuestions, privateQuestion, answered, waiting, sellerAnswer, manage
        case newestOnly, pageTitle, askerHeading, askerPasswordHint, readButton, deleteButton, sellerHeading
        case sellerPasswordHint, fieldAnswer, answerHint, answerButton, backToProduct, askLink, revealed
        case errNicknameLength, errNicknameCharacters, errQuestionLength, errTextCharacters, errPasswordLength
        case errAnswerLength, errTooManyQuestions, errNotFound, errUnavailable
        case flashAsked, flashAnswered, flashDeleted
        case consoleTitle, consoleCaption, columnNickname, columnQuestion, columnAnswer, columnState, stateShown, stateHidden
        case hideButton, showButton, consoleEmpty, olderQuestions, newestQuestions, privateMark
        case count, countOne, unanswered, unansweredOne
    }

    package let language: Language
    package let catalogue: TextCatalogue
    /// The texts as templates read them (`{{q.askButton}}`): every `question.` text under the rest of its key.
    package let templateTexts: TemplateTexts
    private let texts: [Key: String]

    package init(language: Language, catalogue: TextCatalogue) {
        self.language = language
        self.catalogue = catalogue
        templateTexts = TemplateTexts(catalogue.entries(under: "question."))
        texts = Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0, catalogue["question." + $0.rawValue]) })
    }

    package subscript(_ key: Key) -> String {
        texts[key] ?? key.rawValue
    }

    /// The text under `key` with its `{name}` placeholders filled.
    package func filling(_ key: Key, _ values: KeyValuePairs<String, String>) -> String {
        catalogue.filling("question." + key.rawValue, values)
    }

    package static let byLanguage = Dictionary(uniqueKeysWithValues: Language.allCases.map {
        ($0, QuestionTexts(language: $0, catalogue: TextCatalogues.catalogue(for: $0)))
    })
    package static let korean = QuestionTexts(language: .korean, catalogue: TextCatalogues.catalogue(for: .korean))

    package func count(_ total: Int, format: Formatting) -> String {
        filling(total == 1 ? .countOne : .count, ["count": format.number(total)])
    }

    package func unanswered(_ count: Int, format: Formatting) -> String {
        filling(count == 1 ? .unansweredOne : .unanswered, ["count": format.number(count)])
    }
}

extension Language {
    package var questionTexts: QuestionTexts { QuestionTexts.byLanguage[self] ?? .korean }
}
