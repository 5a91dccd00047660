import Foundation

/// The API's dates carry only a day: v2b writes `2023-03-02T00:00:00`, v2a `…T00:00:00.00`, the earliest
/// servers `2021-12-29 00:00:00.000`. We read the day from any of them and write the v2b form, in UTC.
public enum WireDate {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    public static func string(from date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return String(format: "%04d-%02d-%02dT00:00:00", year, month, day)
    }

    public static func date(from text: String) -> Date? {
        let day = text.prefix(10).split(separator: "-")
        guard day.count == 3, let year = Int(day[0]), let month = Int(day[1]), let dayOfMonth = Int(day[2]) else {
            return nil
        }
        return utc.date(from: DateComponents(year: year, month: month, day: dayOfMonth))
    }
}
