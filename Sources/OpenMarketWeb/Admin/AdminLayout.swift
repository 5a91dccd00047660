import OpenMarketTemplating

/// The console's own navigation and texts, shown inside the site layout on every admin page.
struct AdminLayout: Sendable {
    var a: AdminStrings
    var productsURL: String
    var historyURL: String
    var logoutURL: String
    var signedIn: Bool

    init(language: Language, signedIn: Bool = true) {
        a = language.adminStrings
        productsURL = SiteURL.admin(.products()).link
        historyURL = SiteURL.admin(.history()).link
        logoutURL = SiteURL.admin(.logout).link
        self.signedIn = signedIn
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
        default: nil
        }
    }
}
