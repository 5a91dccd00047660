/// `/admin/login`: the console's password form, with the page to return to once signed in.
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
