import OpenMarketCore

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
