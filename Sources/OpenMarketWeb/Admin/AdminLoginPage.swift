import OpenMarketTemplating

/// `/admin/login`: the console's password form, with the page to return to once signed in.
struct AdminLoginPage: PageModel {
    static let templateName = "admin/login"

    var context: PageContext
    var admin: AdminLayout
    var action: String
    var next: String
    var error: String?
    var hasError: Bool

    init(context: PageContext, next: String, error: String? = nil) {
        self.context = context
        admin = AdminLayout(language: context.language, signedIn: false)
        action = SiteURL.admin(.login()).link
        self.next = next
        self.error = error
        hasError = error != nil
    }
}

extension AdminLoginPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "action": .text(action)
        case "next": .text(next)
        case "error": .text(error)
        case "hasError": .bool(hasError)
        default: context.value(forKey: key)
        }
    }
}
