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

/// `/admin/products/{id}`: the product as stored, links to act on it, and its whole history.
struct AdminProductPage: PageModel {
    static let templateName = "admin/product"

    var layout: PageLayout
    var admin: AdminLayout
    var id: Int
    var name: String
    var exists: Bool
    var thumbnailURL: String
    var price: String
    var stock: String
    var vendor: String
    var shopURL: String
    var editURL: String
    var deleteAction: String
    var historyCaption: String
    var historyRows: [HistoryRow]
    var hasHistory: Bool

    init(layout: PageLayout, language: Language, id: Int, product: ProductDetail?, events: [AuditLog.Event]) {
        self.layout = layout
        admin = AdminLayout(language: language)
        let format = Formatting(language: language)
        self.id = id
        name = product?.name ?? events.first?.productName ?? "#\(id)"
        exists = product != nil
        thumbnailURL = product?.thumbnailURL ?? ""
        price = product.map { format.price($0.bargainPrice, currency: $0.currency) } ?? ""
        stock = product.map { format.number($0.stock) } ?? ""
        vendor = product?.vendor.name ?? ""
        shopURL = SiteURL.product(.value(id)).link
        editURL = SiteURL.admin(.editProduct(.value(id))).link
        deleteAction = SiteURL.admin(.confirmDelete).link
        historyCaption = language.adminStrings.productHistory
        historyRows = events.map { HistoryRow($0, language: language) }
        hasHistory = !events.isEmpty
    }
}
