import Foundation

/// The history page's state, all in the URL: one product, an action (or refusals), a span of days in the market's
/// time zone, and where the page starts, by key (`before` / `after` an entry's id).
struct AdminHistoryQuery: Sendable, Hashable {
    /// What the action filter offers: the four actions, and refusals of any of them.
    enum Kind: String, Sendable, CaseIterable {
        case create, update, delete, restore, refused
    }

    var productID: Int?
    var kind: Kind?
    /// Days as `<input type="date">` sends them (`2026-11-27`); anything else is ignored.
    var from: String?
    var to: String?
    var before: Int64?
    var after: Int64?

    init(productID: Int? = nil, kind: Kind? = nil, from: String? = nil, to: String? = nil, before: Int64? = nil, after: Int64? = nil) {
        self.productID = productID
        self.kind = kind
        self.from = from.flatMap(Self.validDay)
        self.to = to.flatMap(Self.validDay)
        self.before = before.flatMap { $0 > 0 ? $0 : nil }
        self.after = before == nil ? after.flatMap { $0 > 0 ? $0 : nil } : nil
    }

    init(parameters: FormQuery) {
        self.init(
            productID: parameters.get("product").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil },
            kind: parameters.get("action").flatMap(Kind.init(rawValue:)), from: parameters.get("from"), to: parameters.get("to"),
            before: parameters.get("before").flatMap(Int64.init), after: parameters.get("after").flatMap(Int64.init))
    }

    static func validDay(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return text
    }

    /// The same filters from the newest entry.
    var first: AdminHistoryQuery {
        AdminHistoryQuery(productID: productID, kind: kind, from: from, to: to)
    }

    var isFiltered: Bool { productID != nil || kind != nil || from != nil || to != nil }

    var filterItems: [(String, String)] {
        var items: [(String, String)] = []
        if let productID { items.append(("product", String(productID))) }
        if let kind { items.append(("action", kind.rawValue)) }
        if let from { items.append(("from", from)) }
        if let to { items.append(("to", to)) }
        return items
    }

    var items: [(String, String)] {
        filterItems + (before.map { [("before", String($0))] } ?? []) + (after.map { [("after", String($0))] } ?? [])
    }
}
