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

struct AdminLoginPage: PageModel {
    static let templateName = "admin/login"

    var layout: PageLayout
    var admin: AdminLayout
    var action: String
    var next: String
    var error: String?
    var hasError: Bool

    init(layout: PageLayout, language: Language, next: String, error: String? = nil) {
        self.layout = layout
        admin = AdminLayout(language: language, signedIn: false)
        action = SiteURL.admin(.login()).link
        self.next = next
        self.error = error
        hasError = error != nil
    }
}
