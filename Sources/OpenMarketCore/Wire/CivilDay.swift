import Foundation

/// The UTC calendar day of an instant by integer arithmetic (days from civil, H. Hinnant), for the dates every
/// card and API answer writes: `Calendar.dateComponents` costs more than the rest of a card.
///
/// Only for days after the Gregorian reform and before year 10000 (`nil` elsewhere): Foundation's Gregorian
/// calendar counts earlier days in the Julian calendar, and callers fall back to it so both agree on every date.
public struct CivilDay: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// 1583-01-01 and 10000-01-01, in days since 1970-01-01.
    static let supportedDays = -141_349 ..< 2_932_897

    public init?(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return nil }
        let days = (seconds / 86_400).rounded(.down)
        guard days >= Double(Self.supportedDays.lowerBound), days < Double(Self.supportedDays.upperBound) else { return nil }
        // Days since 0000-03-01, in 400-year eras: March first puts the leap day at the end of the year.
        let shifted = Int(days) + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// A day written as numbers; `nil` for a day no month has (February 30, April 31) and outside the supported years.
    public init?(year: Int, month: Int, day: Int) {
        guard (1_583...9_999).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length = switch month {
        case 2: isLeap ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
        guard day <= length else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this day (negative before it): the inverse of `init(_:)`.
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2023-03-02`.
    public var iso: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        Self.appendDigits(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(day, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
