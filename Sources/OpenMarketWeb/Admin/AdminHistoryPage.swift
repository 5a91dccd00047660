import Foundation
import OpenMarketCore

/// `/admin/history`: recent activity, newest first, optionally for one product.
struct AdminHistoryPage: PageModel {
    static let templateName = "admin/history"
    static let perPage = 50

    var layout: PageLayout
    var admin: AdminLayout
    var heading: String
    var historyCaption: String
    var historyRows: [HistoryRow]
    var isEmpty: Bool
    var pagination: Pagination
    var isFiltered: Bool
    var allHistoryURL: String

    init(layout: PageLayout, language: Language, productID: Int?, page: Int, total: Int, events: [AuditLog.Event]) {
        self.layout = layout
        admin = AdminLayout(language: language)
        let a = language.adminStrings
        heading = productID.map { "\(a.historyTitle) · #\($0)" } ?? a.historyTitle
        historyCaption = heading
        historyRows = events.map { HistoryRow($0, language: language) }
        isEmpty = events.isEmpty
        let lastPage = max(1, (total + Self.perPage - 1) / Self.perPage)
        pagination = Pagination(current: page, lastPage: lastPage, strings: language.strings, format: Formatting(language: language)) {
            SiteURL.admin(.history(productID: productID, page: $0)).link
        }
        isFiltered = productID != nil
        allHistoryURL = SiteURL.admin(.history()).link
    }
}
