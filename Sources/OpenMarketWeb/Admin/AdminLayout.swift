import Hummingbird

/// The admin pages' shared parts: the site layout plus the console's own navigation and texts.
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
