import OpenMarketTemplating

/// The texts of product questions (상품 문의): the `question.` keys of `Texts/<code>.texts`, `texts[.askButton]` in code
/// and `{{q.askButton}}` in templates.
package typealias QuestionTexts = TextSection<QuestionText>

package enum QuestionText: String, TextKey {
    package static let prefix = "question."

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

private let questionSection = QuestionTexts.everyLanguage()

extension Language {
    package var questionTexts: QuestionTexts { questionSection[self] ?? QuestionTexts(language: self, catalogue: .empty(rawValue)) }
}

extension QuestionTexts {
    package func count(_ total: Int, format: Formatting) -> String {
        filling(total == 1 ? .countOne : .count, ["count": format.number(total)])
    }

    package func unanswered(_ count: Int, format: Formatting) -> String {
        filling(count == 1 ? .unansweredOne : .unanswered, ["count": format.number(count)])
    }
}

