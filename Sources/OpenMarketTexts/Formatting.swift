import Foundation
import OpenMarketCore

/// Numbers, money and dates as each language writes them: `12,000원` / `₩12,000`, `$12.00`, `2026년 11월 21일` / `Nov 21, 2026`.
/// Where the currency sign goes and how a day is written come from the language's texts (`priceWon`, `dayFormat`).
package struct Formatting: Sendable {
    package let language: Language
    private let strings: Strings
    private let shapes: Shapes

    package init(language: Language) {
        self.language = language
        strings = language.strings
        shapes = Self.shapes[language] ?? Shapes(strings)
    }

    /// Writes as `strings` say (a language's texts read from elsewhere, as in the tests).
    package init(strings: Strings) {
        language = strings.language
        self.strings = strings
        shapes = Shapes(strings)
    }

    /// A language's price signs and month names, read from its texts once rather than per card.
    private struct Shapes: Sendable {
        var won: (before: String, after: String)
        var dollars: (before: String, after: String)
        var months: [String]

        init(_ strings: Strings) {
            func split(_ key: StorefrontText) -> (String, String) {
                let text = strings[key]
                guard let range = text.range(of: "{amount}") else { return ("", "") }
                return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
            }
            won = split(.priceWon)
            dollars = split(.priceDollars)
            months = strings[.monthNames].split(separator: " ").map(String.init)
        }
    }

    private static let shapes = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, Shapes($0.strings)) })

    package func number(_ value: Int) -> String {
        Self.grouped(Int64(value), fractionDigits: 0)
    }

    package func price(_ amount: Decimal, currency: Currency) -> String {
        price(minor: Self.minor(amount, currency: currency), currency: currency)
    }

    /// A price in the currency's minor units (won, cents): integer work only, the fast path of every card.
    package func price(minor: Int64, currency: Currency) -> String {
        let digits = Self.grouped(minor, fractionDigits: currency.fractionDigits)
        let sign = switch currency {
        case .krw: shapes.won
        case .usd: shapes.dollars
        }
        return sign.before + digits + sign.after
    }

    /// The discount as a whole percentage of the price, rounded down so it never overstates the saving.
    package func discountRate(priceMinor: Int64, discountMinor: Int64) -> String? {
        guard priceMinor > 0, discountMinor > 0 else { return nil }
        let (percent, overflow) = discountMinor.multipliedReportingOverflow(by: 100)
        let rate = overflow ? discountMinor / (priceMinor / 100) : percent / priceMinor
        return "\(max(rate, 1))%"
    }

    /// `2026년 11월 21일` / `Nov 21, 2026`, as `Date.FormatStyle(date: .abbreviated)` writes it in ko_KR and en_US
    /// (`FormattingTests` holds the two together), without creating a formatter per page.
    package func date(_ date: Date) -> String {
        if let day = CivilDay(date), shapes.months.indices.contains(day.month - 1) {
            return strings.filling(.dayFormat, ["year": String(day.year), "month": shapes.months[day.month - 1], "day": String(day.day)])
        }
        return Self.formattedDate(date, language: language)
    }

    /// The day it was in `timeZone` (the console writes every time in the market's zone).
    package func date(_ date: Date, in timeZone: TimeZone) -> String {
        self.date(Self.shifted(date, to: timeZone))
    }

    /// The wall clock of `timeZone` read as UTC, so that UTC's day arithmetic gives that zone's day.
    static func shifted(_ date: Date, to timeZone: TimeZone) -> Date {
        date.addingTimeInterval(Double(timeZone.secondsFromGMT(for: date)))
    }

    /// The formatter's own answer, for days `CivilDay` leaves to the calendar.
    package static func formattedDate(_ date: Date, language: Language) -> String {
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: language.strings[.locale]),
                                     calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC") ?? .current)
        return date.formatted(style)
    }

    /// How long ago a day was, as a marketplace says it: `오늘`, `어제`, `3일 전`, `2주 전`, `5개월 전`, `1년 전`.
    /// The market keeps days in UTC, so this is whole-day arithmetic; a day in the future (a clock ahead) is today.
    package func relativeDay(_ date: Date, now: Date = Date()) -> String {
        let days = max(0, Self.dayNumber(now) - Self.dayNumber(date))
        func ago(_ count: Int, _ one: StorefrontText, _ many: StorefrontText) -> String {
            strings.filling(count == 1 ? one : many, ["count": String(count)])
        }
        switch days {
        case 0: return strings[.today]
        case 1: return strings[.yesterday]
        case 2..<7: return ago(days, .daysAgoOne, .daysAgo)
        case 7..<30: return ago(days / 7, .weeksAgoOne, .weeksAgo)
        case 30..<365: return ago(days / 30, .monthsAgoOne, .monthsAgo)
        default: return ago(days / 365, .yearsAgoOne, .yearsAgo)
        }
    }

    package static func dayNumber(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Only the ISO day, for `<time datetime>`.
    package func isoDay(_ date: Date) -> String {
        CivilDay(date)?.iso ?? String(WireDate.string(from: date).prefix(10))
    }

    package func isoDay(_ date: Date, in timeZone: TimeZone) -> String {
        isoDay(Self.shifted(date, to: timeZone))
    }

    /// An amount in the currency's minor units, rounded to them (the market never stores finer amounts).
    package static func minor(_ amount: Decimal, currency: Currency) -> Int64 {
        if let exact = exactMinor(amount, fractionDigits: currency.fractionDigits) { return exact }
        var scaled = amount * pow(Decimal(10), currency.fractionDigits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// The amount in minor units read from its digits and exponent, when it has no finer digits than the currency
    /// and fits: Decimal's arithmetic allocates at every step (seven allocations and 390 ns an amount, two amounts a
    /// card), this one object and 45 ns. `nil` for any other amount, which `minor` rounds the long way.
    package static func exactMinor(_ amount: Decimal, fractionDigits: Int) -> Int64? {
        let shift = fractionDigits + amount.exponent
        guard !amount.isNaN, (0...18).contains(shift) else { return nil }
        let significand = amount.significand
        let digits = NSDecimalNumber(decimal: significand).int64Value
        // A significand past Int64 comes back as something else: only one that reads back the same is used.
        guard digits >= 0, Decimal(digits) == significand else { return nil }
        var scaled = digits
        for _ in 0..<shift {
            let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            scaled = next
        }
        return amount.sign == .minus ? -scaled : scaled
    }

    /// Groups thousands with commas and shows exactly `fractionDigits` decimals of a minor-unit amount. Written
    /// out rather than with NumberFormatter, which costs more to create than a whole product card costs to render,
    /// from the end into a buffer on the stack: up to 15 bytes (`1,234,567` or `$12,345.67`) make a string that
    /// allocates nothing.
    package static func grouped(_ minor: Int64, fractionDigits: Int) -> String {
        let fractionDigits = min(max(fractionDigits, 0), 18)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var start = buffer.count
            var magnitude = minor.magnitude
            var scale: UInt64 = 1
            for _ in 0..<fractionDigits { scale *= 10 }
            var fraction = magnitude % scale
            magnitude /= scale
            if fractionDigits > 0 {
                for _ in 0..<fractionDigits {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                start -= 1
                buffer[start] = UInt8(ascii: ".")
            }
            var count = 0
            repeat {
                if count > 0 && count % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if minor < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}
