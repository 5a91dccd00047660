import OpenMarketTemplating
import OpenMarketTexts

/// The console's own header, navigation and texts, shown on every admin page in place of the storefront's header.
struct AdminLayout: Sendable {
    /// The part of the console a page belongs to, marked as current in the navigation.
    enum Section: Sendable {
        case products, history, questions
    }

    var a: AdminStrings
    var productsURL: String
    var historyURL: String
    var questionsURL: String
    var questionsTitle: String
    var logoutURL: String
    var signedIn: Bool
    var inProducts: Bool
    var inHistory: Bool
    var inQuestions: Bool

    init(language: Language, signedIn: Bool = true, section: Section = .products) {
        a = language.adminStrings
        productsURL = SiteURL.admin(.products()).link
        historyURL = SiteURL.admin(.history()).link
        questionsURL = SiteURL.admin(.questions()).link
        questionsTitle = language.questionTexts[.consoleTitle]
        logoutURL = SiteURL.admin(.logout).link
        self.signedIn = signedIn
        inProducts = section == .products
        inHistory = section == .history
        inQuestions = section == .questions
    }
}

extension AdminLayout: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "a": .object(a.templateTexts)
        case "productsURL": .text(productsURL)
        case "historyURL": .text(historyURL)
        case "logoutURL": .text(logoutURL)
        case "signedIn": .bool(signedIn)
        case "inProducts": .bool(inProducts)
        case "inHistory": .bool(inHistory)
        case "questionsURL": .text(questionsURL)
        case "questionsTitle": .text(questionsTitle)
        case "inQuestions": .bool(inQuestions)
        default: nil
        }
    }
}
