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
        if let day = CivilDay(date) {
            return day.iso + "T00:00:00"
        }
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T00:00:00"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The UTC day of `text`; `nil` for anything but `yyyy-MM-dd` optionally followed by a time part,
    /// and for days that do not exist (Calendar would silently move 2023-02-30 to March).
    public static func date(from text: String) -> Date? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
            scalars.count == 10 || scalars[10] == "T" || scalars[10] == " ",
            let year = Int(String(text.prefix(4))), let month = Int(String(text.dropFirst(5).prefix(2))),
            let day = Int(String(text.dropFirst(8).prefix(2)))
        else { return nil }
        guard let date = utc.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let check = utc.dateComponents([.year, .month, .day], from: date)
        return check.year == year && check.month == month && check.day == day ? date : nil
    }
}
