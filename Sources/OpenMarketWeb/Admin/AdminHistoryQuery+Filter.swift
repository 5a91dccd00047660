import Foundation
import OpenMarketWebState

extension AdminHistoryQuery {
    /// The store's filter: days from midnight to midnight in the market's time zone.
    func filter(timeZone: TimeZone) -> AuditLog.Filter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func midnight(_ day: String?, plusDays: Int = 0) -> Date? {
            guard let day else { return nil }
            let parts = day.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
                return nil
            }
            return calendar.date(byAdding: .day, value: plusDays, to: start)
        }
        let action: AuditLog.Action? = switch kind {
        case .create: .create
        case .update: .update
        case .delete: .delete
        case .restore: .restore
        case .refused, nil: nil
        }
        return AuditLog.Filter(
            productID: productID, action: action, refusedOnly: kind == .refused, from: midnight(from), until: midnight(to, plusDays: 1),
            before: before, after: after)
    }
}
