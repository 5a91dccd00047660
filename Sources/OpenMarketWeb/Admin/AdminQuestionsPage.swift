import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// `/admin/questions`: the latest questions with their words (private ones too), answers and whether they are
/// shown, newest first, paged by id.
struct AdminQuestionsPage: PageModel {
    static let templateName = "admin/questions"
    static let perPage = 50

    struct Row: Sendable {
        var anchor: String
        var time: String
        var timeISO: String
        var productName: String
        var productURL: String
        var nickname: String
        var text: String
        var isPrivate: Bool
        var answer: String?
        var state: String
        var isHidden: Bool
        var action: String
        var hiddenValue: String
        var buttonLabel: String
    }

    var context: PageContext
    var admin: AdminLayout
    var rows: [Row]
    var isEmpty: Bool
    var olderURL: String?
    var newestURL: String?

    /// `questions`: up to one more than a page, which says whether there is an older page.
    init(context: PageContext, questions: [ProductQuestion], names: [Int: String], isFirstPage: Bool, timeZone: TimeZone) {
        self.context = context
        let language = context.language
        admin = AdminLayout(language: language, section: .questions)
        let texts = language.questionTexts
        let style = Date.FormatStyle(
            date: .numeric, time: .shortened, locale: Locale(identifier: language.strings[.locale]),
            calendar: Calendar(identifier: .gregorian), timeZone: timeZone)
        let shown = questions.prefix(Self.perPage)
        rows = shown.map { question in
            Row(
                anchor: "question-\(question.id)", time: question.askedAt.formatted(style), timeISO: question.askedAt.formatted(.iso8601),
                productName: names[question.productID] ?? "#\(question.productID)",
                productURL: SiteURL.product(.value(question.productID)).link + "#q-\(question.id)", nickname: question.nickname,
                text: question.text, isPrivate: question.isPrivate, answer: question.answer,
                state: question.isHidden ? texts[.stateHidden] : texts[.stateShown], isHidden: question.isHidden,
                action: SiteURL.admin(.questionVisibility(.value(Int(question.id)))).link, hiddenValue: question.isHidden ? "0" : "1",
                buttonLabel: question.isHidden ? texts[.showButton] : texts[.hideButton])
        }
        isEmpty = rows.isEmpty
        olderURL = questions.count > Self.perPage ? shown.last.map { SiteURL.admin(.questions(before: Int($0.id))).link } : nil
        newestURL = isFirstPage ? nil : SiteURL.admin(.questions()).link
    }
}

extension AdminQuestionsPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "rows": .list(rows)
        case "isEmpty": .bool(isEmpty)
        case "olderURL": .text(olderURL)
        case "newestURL": .text(newestURL)
        case "q": .object(context.language.questionTexts.templateTexts)
        default: context.value(forKey: key)
        }
    }
}

extension AdminQuestionsPage.Row: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "anchor": .text(anchor)
        case "time": .text(time)
        case "timeISO": .text(timeISO)
        case "productName": .text(productName)
        case "productURL": .text(productURL)
        case "nickname": .text(nickname)
        case "text": .text(text)
        case "isPrivate": .bool(isPrivate)
        case "answer": .text(answer)
        case "state": .text(state)
        case "isHidden": .bool(isHidden)
        case "action": .text(action)
        case "hiddenValue": .text(hiddenValue)
        case "buttonLabel": .text(buttonLabel)
        default: nil
        }
    }
}
