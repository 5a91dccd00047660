import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// A field of a question form: its ids, its message after a refusal, and what the hint and message are called by.
struct QuestionField: Sendable {
    var id: String
    var hintID: String
    var errorID: String
    var error: String?
    var hasError: Bool
    var describedBy: String

    init(_ id: String, error: String?) {
        self.id = id
        hintID = id + "-hint"
        errorID = id + "-error"
        self.error = error
        hasError = error != nil
        describedBy = [hintID, error == nil ? nil : errorID].compactMap { $0 }.joined(separator: " ")
    }
}

extension QuestionField: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .text(id)
        case "hintID": .text(hintID)
        case "errorID": .text(errorID)
        case "error": .text(error)
        case "hasError": .bool(hasError)
        case "describedBy": .text(describedBy)
        default: nil
        }
    }
}

/// `/products/{id}/questions/{question}`: one question with its answer, and the forms of the two people who may act
/// on it — its asker (read a private one, delete) and the seller (read, answer). A private question's words are
/// shown only in the answer to a password checked just now, which no cache keeps.
struct QuestionPage: PageModel {
    static let templateName = "questions/show"

    var context: PageContext
    var productName: String
    var productURL: String
    var question: QuestionItem
    /// The words of a private question are on this page (a password was checked for this answer).
    var isRevealed: Bool
    var readAction: String
    var answerAction: String
    var deleteAction: String
    var askerPassword: QuestionField
    var sellerPassword: QuestionField
    var answerField: QuestionField
    /// What the seller typed, kept after a refusal.
    var typedAnswer: String
    var notice: String?

    /// Messages after a refusal, by the field they belong to.
    struct Errors: Sendable {
        var askerPassword: String?
        var sellerPassword: String?
        var answer: String?
        var notice: String?
    }

    init(
        context: PageContext, product: ProductDetail, question: ProductQuestion, isRevealed: Bool = false, errors: Errors = Errors(),
        typedAnswer: String = "", now: Date = Date()
    ) {
        self.context = context
        productName = product.name
        productURL = SiteURL.product(.value(product.id)).link + "#q-\(question.id)"
        self.question = QuestionItem(question, format: context.format, now: now)
        self.isRevealed = isRevealed
        let id = PathParameter.value(product.id), questionID = PathParameter.value(Int(question.id))
        readAction = SiteURL.readQuestion(id, questionID).link
        answerAction = SiteURL.answerQuestion(id, questionID).link
        deleteAction = SiteURL.deleteQuestion(id, questionID).link
        askerPassword = QuestionField("asker-password", error: errors.askerPassword)
        sellerPassword = QuestionField("seller-password", error: errors.sellerPassword)
        answerField = QuestionField("answer-text", error: errors.answer)
        self.typedAnswer = typedAnswer
        notice = errors.notice
    }
}

extension QuestionPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "productName": .text(productName)
        case "productURL": .text(productURL)
        case "question": .object(question)
        case "isRevealed": .bool(isRevealed)
        case "readAction": .text(readAction)
        case "answerAction": .text(answerAction)
        case "deleteAction": .text(deleteAction)
        case "askerPassword": .object(askerPassword)
        case "sellerPassword": .object(sellerPassword)
        case "answerField": .object(answerField)
        case "typedAnswer": .text(typedAnswer)
        case "notice": .text(notice)
        case "q": .object(context.language.questionTexts.templateTexts)
        default: context.value(forKey: key)
        }
    }
}

/// The ask form again after a refusal, with what was typed (never the password) and a message by each field.
struct QuestionAskPage: PageModel {
    static let templateName = "questions/ask"

    var context: PageContext
    var productName: String
    var productURL: String
    var action: String
    var nickname: String
    var text: String
    var isPrivate: Bool
    var nicknameField: QuestionField
    var textField: QuestionField
    var passwordField: QuestionField
    var notice: String?

    struct Errors: Sendable {
        var nickname: String?
        var text: String?
        var password: String?
        var notice: String?
    }

    init(context: PageContext, product: ProductDetail, asking: ProductQuestions.Asking, errors: Errors) {
        self.context = context
        productName = product.name
        productURL = SiteURL.product(.value(product.id)).link
        action = SiteURL.askQuestion(.value(product.id)).link
        nickname = asking.nickname
        text = asking.text
        isPrivate = asking.isPrivate
        nicknameField = QuestionField("question-nickname", error: errors.nickname)
        textField = QuestionField("question-text", error: errors.text)
        passwordField = QuestionField("question-password", error: errors.password)
        notice = errors.notice
    }
}

extension QuestionAskPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "productName": .text(productName)
        case "productURL": .text(productURL)
        case "action": .text(action)
        case "nickname": .text(nickname)
        case "text": .text(text)
        case "isPrivate": .bool(isPrivate)
        case "nicknameField": .object(nicknameField)
        case "textField": .object(textField)
        case "passwordField": .object(passwordField)
        case "notice": .text(notice)
        case "q": .object(context.language.questionTexts.templateTexts)
        default: context.value(forKey: key)
        }
    }
}
