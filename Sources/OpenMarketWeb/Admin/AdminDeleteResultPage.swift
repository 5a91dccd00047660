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

    var layout: PageLayout
    var admin: AdminLayout
    var results: [Result]

    init(layout: PageLayout, language: Language, results: [Result]) {
        self.layout = layout
        admin = AdminLayout(language: language)
        self.results = results
    }
}
