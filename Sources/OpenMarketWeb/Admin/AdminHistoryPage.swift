import Foundation
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// `/admin/history`: recent activity, newest first, narrowed by product, action and days, paged by key.
struct AdminHistoryPage: PageModel {
    static let templateName = "admin/history"
    static let perPage = 50

    var context: PageContext
    var admin: AdminLayout
    var heading: String
    var historyCaption: String
    /// The time column's header, naming the market's time zone.
    var timeColumn: String
    var historyRows: [HistoryRow]
    var isEmpty: Bool
    var isFiltered: Bool
    var allHistoryURL: String
    var formAction: String
    var productID: String
    var actionOptions: [SelectOption]
    var from: String
    var to: String
    var newestURL: String?
    var newerURL: String?
    var olderURL: String?
    var isPaged: Bool
    /// Why a restore asked for from this page did not happen.
    var notice: String?

    init(
        context: PageContext, query: AdminHistoryQuery, page: AuditLog.Page, kept: [Int64: DeletedProducts.State] = [:], gone: Set<String> = [],
        notice: String? = nil, timeZone: TimeZone = AppConfiguration.defaultTimeZone, restoreGivesNewID: Bool = false
    ) {
        let language = context.language
        self.context = context
        admin = AdminLayout(language: language, section: .history)
        let a = language.adminStrings
        heading = query.productID.map { "\(a[.historyTitle]) · #\($0)" } ?? a[.historyTitle]
        historyCaption = heading
        timeColumn = a.columnTimeIn(timeZone.identifier)
        historyRows = page.events.map { HistoryRow(
            $0, language: language, kept: kept, gone: gone, timeZone: timeZone, restoreGivesNewID: restoreGivesNewID) }
        isEmpty = page.events.isEmpty
        isFiltered = query.isFiltered
        allHistoryURL = SiteURL.admin(.history()).link
        formAction = allHistoryURL
        productID = query.productID.map(String.init) ?? ""
        let labels: [(AdminHistoryQuery.Kind, String)] = [
            (.create, a[.actionCreate]), (.update, a[.actionUpdate]), (.delete, a[.actionDelete]), (.restore, a[.actionRestore]), (.refused, a[.outcomeRefused]),
        ]
        actionOptions = [SelectOption(value: "", label: a[.filterAll], isSelected: query.kind == nil)]
            + labels.map { SelectOption(value: $0.0.rawValue, label: $0.1, isSelected: query.kind == $0.0) }
        from = query.from ?? ""
        to = query.to ?? ""
        var older = query.first
        older.before = page.events.last?.id
        var newer = query.first
        newer.after = page.events.first?.id
        olderURL = page.hasOlder && older.before != nil ? SiteURL.admin(.history(older)).link : nil
        newerURL = page.hasNewer && newer.after != nil ? SiteURL.admin(.history(newer)).link : nil
        newestURL = page.hasNewer ? SiteURL.admin(.history(query.first)).link : nil
        isPaged = olderURL != nil || newerURL != nil
        self.notice = notice
    }
}

extension AdminHistoryPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "heading": .text(heading)
        case "historyCaption": .text(historyCaption)
        case "timeColumn": .text(timeColumn)
        case "historyRows": .list(historyRows)
        case "isEmpty": .bool(isEmpty)
        case "isFiltered": .bool(isFiltered)
        case "allHistoryURL": .text(allHistoryURL)
        case "formAction": .text(formAction)
        case "productID": .text(productID)
        case "actionOptions": .list(actionOptions)
        case "from": .text(from)
        case "to": .text(to)
        case "newestURL": .text(newestURL)
        case "newerURL": .text(newerURL)
        case "olderURL": .text(olderURL)
        case "isPaged": .bool(isPaged)
        case "notice": .text(notice)
        default: context.value(forKey: key)
        }
    }
}
