import Foundation
import OpenMarketCore

/// One history entry as shown to staff.
struct HistoryRow: Sendable {
    struct Change: Sendable {
        var field: String
        var old: String
        var new: String
    }

    var time: String
    var timeISO: String
    var actor: String
    var action: String
    var productName: String
    var productURL: String?
    var changes: [Change]
    var hasChanges: Bool
    var snapshot: [Change]
    var hasSnapshot: Bool
    var outcome: String
    var outcomeClass: String
    /// `nil` rather than empty: Mustache renders a section for an empty string.
    var detail: String?

    init(_ event: AuditLog.Event, language: Language) {
        let a = language.adminStrings
        let style = Date.FormatStyle(date: .numeric, time: .standard, locale: Locale(identifier: language == .korean ? "ko_KR" : "en_US"),
                                     calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC") ?? .current)
        time = event.at.formatted(style) + " UTC"
        timeISO = event.at.formatted(.iso8601)
        actor = event.actor
        action = switch event.action {
        case .create: a.actionCreate
        case .update: a.actionUpdate
        case .delete: a.actionDelete
        }
        productName = event.productName
        productURL = event.productID.map { SiteURL.admin(.product(.value($0))).link }
        changes = event.changes.map { Change(field: $0.field, old: $0.old ?? "—", new: $0.new ?? "—") }
        hasChanges = !changes.isEmpty
        snapshot = (event.snapshot ?? []).map { Change(field: $0.field, old: "", new: $0.new ?? "—") }
        hasSnapshot = !(event.snapshot ?? []).isEmpty
        outcome = switch event.outcome {
        case .success: a.outcomeSuccess
        case .refused: a.outcomeRefused
        case .failed: a.outcomeFailed
        case .pending: a.outcomePending
        }
        outcomeClass = "outcome-\(event.outcome.rawValue)"
        detail = event.detail.isEmpty ? nil : event.detail
    }
}

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
