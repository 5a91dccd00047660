import OpenMarketCore

/// The one confirmation page of a bulk delete: every selected product listed, then one button.
struct AdminDeleteConfirmPage: PageModel {
    static let templateName = "admin/delete-confirm"

    struct Item: Sendable {
        var id: Int
        var name: String
        var thumbnailURL: String
        var price: String
        var vendor: String
    }

    var layout: PageLayout
    var admin: AdminLayout
    var intro: String
    var items: [Item]
    var action: String
    var cancelURL: String

    init(layout: PageLayout, language: Language, products: [ProductDetail]) {
        self.layout = layout
        admin = AdminLayout(language: language)
        intro = language.adminStrings.confirmIntro(products.count)
        let format = Formatting(language: language)
        items = products.map {
            Item(id: $0.id, name: $0.name, thumbnailURL: $0.thumbnailURL, price: format.price($0.bargainPrice, currency: $0.currency), vendor: $0.vendor.name)
        }
        action = SiteURL.admin(.delete).link
        cancelURL = SiteURL.admin(.products()).link
    }
}
