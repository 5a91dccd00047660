import OpenMarketTemplating

/// `/admin/history`: recent activity, newest first, optionally for one product.
struct AdminHistoryPage: PageModel {
    static let templateName = "admin/history"
    static let perPage = 50

    var context: PageContext
    var admin: AdminLayout
    var heading: String
    var historyCaption: String
    var historyRows: [HistoryRow]
    var isEmpty: Bool
    var pagination: Pagination
    var isFiltered: Bool
    var allHistoryURL: String
    /// Why a restore asked for from this page did not happen.
    var notice: String?

    init(
        context: PageContext, productID: Int?, page: Int, total: Int, events: [AuditLog.Event], kept: [Int64: DeletedProducts.State] = [:],
        notice: String? = nil
    ) {
        let language = context.language
        self.context = context
        admin = AdminLayout(language: language, section: .history)
        let a = language.adminStrings
        heading = productID.map { "\(a.historyTitle) · #\($0)" } ?? a.historyTitle
        historyCaption = heading
        historyRows = events.map { HistoryRow($0, language: language, kept: kept) }
        isEmpty = events.isEmpty
        let lastPage = max(1, (total + Self.perPage - 1) / Self.perPage)
        pagination = Pagination(current: page, lastPage: lastPage, strings: context.strings, format: context.format) {
            SiteURL.admin(.history(productID: productID, page: $0)).link
        }
        isFiltered = productID != nil
        allHistoryURL = SiteURL.admin(.history()).link
        self.notice = notice
    }
}

extension AdminHistoryPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "heading": .text(heading)
        case "historyCaption": .text(historyCaption)
        case "historyRows": .list(historyRows)
        case "isEmpty": .bool(isEmpty)
        case "pagination": .object(pagination)
        case "isFiltered": .bool(isFiltered)
        case "allHistoryURL": .text(allHistoryURL)
        case "notice": .text(notice)
        default: context.value(forKey: key)
        }
    }
}
