import OpenMarketTemplating

/// What became of each product of a bulk delete; refusals are reported, never hidden.
struct AdminDeleteResultPage: PageModel {
    static let templateName = "admin/delete-results"

    struct Result: Sendable {
        var id: Int
        var name: String
        var outcome: String
        var outcomeClass: String
        /// `nil` rather than empty: Mustache renders a section for an empty string.
        var message: String?
    }

    var context: PageContext
    var admin: AdminLayout
    var results: [Result]

    init(context: PageContext, results: [Result]) {
        self.context = context
        admin = AdminLayout(language: context.language)
        self.results = results
    }
}

extension AdminDeleteResultPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "results": .list(results)
        default: context.value(forKey: key)
        }
    }
}

extension AdminDeleteResultPage.Result: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "name": .text(name)
        case "outcome": .text(outcome)
        case "outcomeClass": .text(outcomeClass)
        case "message": .text(message)
        default: nil
        }
    }
}
