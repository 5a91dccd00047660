import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// `/admin/products/{id}`: the product as stored, links to act on it, and its whole history.
struct AdminProductPage: PageModel {
    static let templateName = "admin/product"

    var context: PageContext
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
    /// The time column's header, naming the market's time zone.
    var timeColumn: String
    var historyRows: [HistoryRow]
    var hasHistory: Bool
    /// A deleted product's banner: whether and until when staff can restore it, with the restore button.
    var deletedBanner: String?
    /// Where the market gives a restored product a new id, the banner says so.
    var restoreIDNote: String?
    var restoreAction: String?
    var restoreLabel: String

    init(
        context: PageContext, id: Int, product: ProductDetail?, events: [AuditLog.Event], kept: [Int64: DeletedProducts.State] = [:], gone: Set<String> = [],
        now: Date = Date(), timeZone: TimeZone = AppConfiguration.defaultTimeZone, restoreGivesNewID: Bool = false
    ) {
        let language = context.language
        self.context = context
        admin = AdminLayout(language: language)
        let format = context.format
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
        historyCaption = language.adminStrings[.productHistory]
        historyRows = events.map { HistoryRow(
            $0, language: language, kept: kept, gone: gone, timeZone: timeZone, restoreGivesNewID: restoreGivesNewID) }
        timeColumn = language.adminStrings.columnTimeIn(timeZone.identifier)
        hasHistory = !events.isEmpty
        let a = language.adminStrings
        restoreLabel = a.restoreNamed(name)
        if product == nil, let delete = events.first(where: { $0.action == .delete && $0.outcome == .success }) {
            // The latest delete decides: an earlier one was restored, or the product would not be gone again.
            if case .restorable(let until)? = kept[delete.id] {
                let days = max(1, Int((until.timeIntervalSince(now) / 86_400).rounded(.up)))
                deletedBanner = a.deletedBanner(daysLeft: days, until: format.date(until, in: timeZone))
                restoreAction = SiteURL.admin(.restore(.value(Int(delete.id)))).link
                restoreIDNote = restoreGivesNewID ? a[.restoreGivesNewID] : nil
            } else if case .restored(let newID)? = kept[delete.id] {
                deletedBanner = a.restoredAs(newID)
            } else {
                deletedBanner = a[.deletedNotRestorable]
            }
        }
    }
}

extension AdminProductPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "id": .int(id)
        case "name": .text(name)
        case "exists": .bool(exists)
        case "thumbnailURL": .text(thumbnailURL)
        case "price": .text(price)
        case "stock": .text(stock)
        case "vendor": .text(vendor)
        case "shopURL": .text(shopURL)
        case "editURL": .text(editURL)
        case "deleteAction": .text(deleteAction)
        case "historyCaption": .text(historyCaption)
        case "timeColumn": .text(timeColumn)
        case "historyRows": .list(historyRows)
        case "hasHistory": .bool(hasHistory)
        case "deletedBanner": .text(deletedBanner)
        case "restoreIDNote": .text(restoreIDNote)
        case "restoreAction": .text(restoreAction)
        case "restoreLabel": .text(restoreLabel)
        default: context.value(forKey: key)
        }
    }
}
