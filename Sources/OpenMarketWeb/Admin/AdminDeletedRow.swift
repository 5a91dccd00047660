import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// One row of the console table's "deleted" filter: a product staff can still restore, and for how long.
struct AdminDeletedRow: Sendable {
    var id: Int
    var name: String
    var price: String
    var deletedAt: String
    var deletedAtISO: String
    var daysLeft: String
    /// Few days left: the row says so louder.
    var isUrgent: Bool
    var adminURL: String
    var restoreAction: String
    var restoreLabel: String

    /// `timeZone`: the market's, which the day it was deleted is written in.
    init(_ product: DeletedProducts.Restorable, format: Formatting, language: Language, now: Date, timeZone: TimeZone) {
        let a = language.adminStrings
        id = product.productID
        name = product.productName
        let snapshot = product.snapshot.flatMap { try? JSONDecoder().decode([AuditLog.Change].self, from: Data($0.utf8)) } ?? []
        price = ProductRestoring.draft(from: snapshot).map { format.price($0.price, currency: $0.currency) } ?? "—"
        deletedAt = format.date(product.deletedAt, in: timeZone)
        deletedAtISO = format.isoDay(product.deletedAt, in: timeZone)
        let days = product.daysLeft(now: now)
        daysLeft = a.daysLeftToRestore(days)
        isUrgent = days <= 3
        adminURL = SiteURL.admin(.product(.value(product.productID))).link
        restoreAction = SiteURL.admin(.restore(.value(Int(product.eventID)))).link
        restoreLabel = a.restoreNamed(product.productName)
    }
}

extension AdminDeletedRow: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "name": .text(name)
        case "price": .text(price)
        case "deletedAt": .text(deletedAt)
        case "deletedAtISO": .text(deletedAtISO)
        case "daysLeft": .text(daysLeft)
        case "isUrgent": .bool(isUrgent)
        case "adminURL": .text(adminURL)
        case "restoreAction": .text(restoreAction)
        case "restoreLabel": .text(restoreLabel)
        default: nil
        }
    }
}
