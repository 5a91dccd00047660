import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// A question as a page lists it: a private one shows who asked and when, never its words or its answer.
struct QuestionItem: Sendable {
    var id: Int64
    var anchor: String
    var nickname: String
    var askedAgo: String
    var askedOn: String
    var askedISO: String
    var isPrivate: Bool
    /// `nil` for a private question not shown to this page's reader.
    var text: String?
    var isAnswered: Bool
    var answer: String?
    var answeredAgo: String?
    var url: String

    /// `question` as `ProductQuestions` handed it: already without a private one's words unless revealed.
    init(_ question: ProductQuestion, format: Formatting, now: Date) {
        id = question.id
        anchor = "q-\(question.id)"
        nickname = question.nickname
        askedAgo = format.relativeDay(question.askedAt, now: now)
        askedOn = format.date(question.askedAt)
        askedISO = format.isoDay(question.askedAt)
        isPrivate = question.isPrivate
        text = question.text.isEmpty ? nil : question.text
        isAnswered = question.answer != nil
        answer = question.answer.flatMap { $0.isEmpty ? nil : $0 }
        answeredAgo = question.answeredAt.map { format.relativeDay($0, now: now) }
        url = SiteURL.question(.value(question.productID), .value(Int(question.id))).link
    }
}

extension QuestionItem: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .text(String(id))
        case "anchor": .text(anchor)
        case "nickname": .text(nickname)
        case "askedAgo": .text(askedAgo)
        case "askedOn": .text(askedOn)
        case "askedISO": .text(askedISO)
        case "isPrivate": .bool(isPrivate)
        case "text": .text(text)
        case "isAnswered": .bool(isAnswered)
        case "answer": .text(answer)
        case "answeredAgo": .text(answeredAgo)
        case "url": .text(url)
        default: nil
        }
    }
}

/// The product page's questions: the count, the newest questions, those waiting for the seller, and the form to ask.
struct QuestionSection: Sendable {
    /// What the section is made from; part of the product page's kept content's key (`DetailContent.Inputs`).
    struct Shown: Sendable, Hashable {
        var counts: QuestionCounts
        /// Already as anyone may see them (`ProductQuestion.shownToEveryone`).
        var questions: [ProductQuestion]
    }

    static let id = "question-form"

    var formID = QuestionSection.id
    var countText: String
    var items: [QuestionItem]
    var hasQuestions: Bool
    /// Only the newest are listed.
    var hasMore: Bool
    var waiting: [QuestionItem]
    var waitingText: String?
    var action: String

    init(_ shown: Shown, productID: Int, language: Language, now: Date) {
        let format = Formatting(language: language)
        let texts = language.questionTexts
        countText = texts.count(shown.counts.total, format: format)
        items = shown.questions.map { QuestionItem($0, format: format, now: now) }
        hasQuestions = !items.isEmpty
        hasMore = shown.counts.total > items.count
        waiting = items.filter { !$0.isAnswered }
        waitingText = shown.counts.unanswered > 0 ? texts.unanswered(shown.counts.unanswered, format: format) : nil
        action = SiteURL.askQuestion(.value(productID)).link
    }
}

extension QuestionSection: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "countText": .text(countText)
        case "items": .list(items)
        case "hasQuestions": .bool(hasQuestions)
        case "hasMore": .bool(hasMore)
        case "waiting": .list(waiting)
        case "waitingText": .text(waitingText)
        case "action": .text(action)
        case "formID": .text(formID)
        default: nil
        }
    }
}
