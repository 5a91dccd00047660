import Foundation
import OpenMarketCore
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

@Suite("Number, money and date formatting per language", .timeLimit(.minutes(10)))
struct FormattingTests {
    let korean = Formatting(language: .korean)
    let english = Formatting(language: .english)

    @Test func wonIsGroupedWithoutDecimals() {
        #expect(korean.price(12_000, currency: .krw) == "12,000원")
        #expect(english.price(12_000, currency: .krw) == "₩12,000")
        #expect(korean.price(1_234_567, currency: .krw) == "1,234,567원")
        #expect(korean.price(999, currency: .krw) == "999원")
        #expect(korean.price(100, currency: .krw) == "100원")
    }

    @Test func dollarsAlwaysShowCents() {
        #expect(english.price(12, currency: .usd) == "$12.00")
        #expect(korean.price(Decimal(string: "24.5")!, currency: .usd) == "$24.50")
        #expect(english.price(Decimal(string: "1234.99")!, currency: .usd) == "$1,234.99")
        #expect(english.price(Decimal(string: "0.07")!, currency: .usd) == "$0.07")
    }

    @Test func numbersAreGroupedInThousands() {
        #expect(korean.number(0) == "0")
        #expect(korean.number(1_000) == "1,000")
        #expect(korean.number(100_000) == "100,000")
        #expect(korean.number(-1_500) == "-1,500")
    }

    @Test func discountRateRoundsDownAndNeverShowsZero() {
        #expect(korean.discountRate(priceMinor: 12_000, discountMinor: 2_000) == "16%")
        #expect(korean.discountRate(priceMinor: 10_000, discountMinor: 10) == "1%")
        #expect(korean.discountRate(priceMinor: 10_000, discountMinor: 0) == nil)
    }

    @Test func datesFollowTheLanguage() throws {
        let date = try #require(WireDate.date(from: "2026-11-21"))
        #expect(korean.date(date).contains("2026") && korean.date(date).contains("11"))
        #expect(english.date(date) == "Nov 21, 2026")
        #expect(korean.isoDay(date) == "2026-11-21")
    }

    /// The console writes days in the market's time zone: 20:00 UTC is already the next day in Seoul, still that day
    /// in Los Angeles, and a summer day in Los Angeles is seven hours behind, not eight.
    @Test func daysInAZoneAreThatZonesDays() throws {
        let evening = try #require(WireDate.date(from: "2026-11-28")).addingTimeInterval(20 * 3_600)
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let angeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(english.date(evening, in: seoul) == "Nov 29, 2026" && english.isoDay(evening, in: seoul) == "2026-11-29")
        #expect(english.date(evening, in: angeles) == "Nov 28, 2026" && english.isoDay(evening, in: angeles) == "2026-11-28")
        #expect(english.date(evening) == "Nov 28, 2026", "without a zone, UTC")
        let summerMorning = try #require(WireDate.date(from: "2026-07-02")).addingTimeInterval(7.5 * 3_600)
        #expect(english.isoDay(summerMorning, in: angeles) == "2026-07-02", "07:30 UTC is 00:30 in Los Angeles in summer")
    }

    /// Days are written without a formatter, exactly as the formatter writes them: a day in every month, leap days,
    /// both ends of the range the arithmetic covers, and a day before it (left to the formatter).
    @Test func datesAreWrittenAsTheFormatterWritesThem() throws {
        var days = (1...12).map { String(format: "2026-%02d-09", $0) } + ["2024-02-29", "2000-02-29", "1583-01-01", "9999-12-31", "1970-01-01"]
        days += ["1999-12-31", "2001-09-30", "2031-10-01"]
        for text in days {
            let date = try #require(WireDate.date(from: text))
            for language in Language.allCases {
                for instant in [date, date.addingTimeInterval(86_399)] {
                    #expect(Formatting(language: language).date(instant) == Formatting.formattedDate(instant, language: language), "\(text)")
                }
            }
        }
        let early = Date(timeIntervalSince1970: -62_135_596_800)
        #expect(english.date(early) == Formatting.formattedDate(early, language: .english))
    }

    @Test func discountRatesRoundDownAndNumbersGroupWithNegativesAndLargeValues() {
        let korean = Formatting(language: .korean)
        #expect(korean.discountRate(priceMinor: 15_000, discountMinor: 1_000) == "6%")
        #expect(korean.discountRate(priceMinor: 1_000_000, discountMinor: 1) == "1%", "a discount is never shown as 0 %")
        #expect(korean.discountRate(priceMinor: 100, discountMinor: 0) == nil)
        #expect(korean.discountRate(priceMinor: Int64.max / 10, discountMinor: Int64.max / 20) == "50%")
        #expect(korean.price(minor: -1_234_599, currency: .usd) == "$-12,345.99")
        #expect(korean.number(1_000_000_000) == "1,000,000,000")
        #expect(Formatting.grouped(5, fractionDigits: 2) == "0.05")
        #expect(Formatting.grouped(Int64.min, fractionDigits: 2) == "-92,233,720,368,547,758.08")
        #expect(Formatting.grouped(0, fractionDigits: 0) == "0")
    }

    /// Amounts read from their digits give what Decimal's rounding gives, whatever their exponent (Decimal keeps
    /// 35000 as 35 × 10³ and 12.50 as 125 × 10⁻¹); finer amounts, amounts past Int64 and NaN are left to it.
    @Test func amountsReadFromTheirDigitsAreTheRoundedOnes() throws {
        var amounts = ["0", "1", "35000", "30000", "12.5", "12.50", "0.07", "-3.25", "1234.99", "99999999", "1e3", "120e-1", "922337203685477.58"]
            .compactMap { Decimal(string: $0) }
        amounts += (0..<300).map { MinorUnits.decimal(Int64($0) * 7_919_311 % 999_999_999 - 400, currency: $0 % 2 == 0 ? .krw : .usd) }
        for amount in amounts {
            for currency in Currency.allCases {
                var scaled = amount * pow(Decimal(10), currency.fractionDigits)
                var rounded = Decimal()
                NSDecimalRound(&rounded, &scaled, 0, .plain)
                #expect(Formatting.minor(amount, currency: currency) == NSDecimalNumber(decimal: rounded).int64Value, "\(amount) \(currency)")
                if let exact = Formatting.exactMinor(amount, fractionDigits: currency.fractionDigits) {
                    #expect(exact == NSDecimalNumber(decimal: rounded).int64Value, "\(amount) \(currency)")
                }
            }
        }
        #expect(Formatting.exactMinor(try #require(Decimal(string: "12.345")), fractionDigits: 2) == nil, "finer than cents")
        #expect(Formatting.exactMinor(try #require(Decimal(string: "123456789012345678901234567890")), fractionDigits: 0) == nil)
        #expect(Formatting.exactMinor(.nan, fractionDigits: 0) == nil)
        #expect(Formatting.exactMinor(try #require(Decimal(string: "35000")), fractionDigits: 0) == 35_000)
        #expect(Formatting.exactMinor(try #require(Decimal(string: "-12.5")), fractionDigits: 2) == -1_250)
    }
}

@Suite("Relative days", .timeLimit(.minutes(10)))
struct RelativeDayTests {
    private static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18, 11:06 UTC

    @Test(arguments: [
        (0, "오늘", "today"), (1, "어제", "yesterday"), (2, "2일 전", "2 days ago"), (6, "6일 전", "6 days ago"),
        (7, "1주 전", "1 week ago"), (29, "4주 전", "4 weeks ago"), (30, "1개월 전", "1 month ago"), (364, "12개월 전", "12 months ago"),
        (365, "1년 전", "1 year ago"), (800, "2년 전", "2 years ago"), (-3, "오늘", "today"),
    ])
    func daysAgoAreSaidAsAMarketplaceSaysThem(days: Int, korean: String, english: String) {
        // The market keeps midnight UTC of the day; `now` is later that day.
        let midnight = (Self.now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let listed = Date(timeIntervalSince1970: midnight - Double(days) * 86_400)
        #expect(Formatting(language: .korean).relativeDay(listed, now: Self.now) == korean)
        #expect(Formatting(language: .english).relativeDay(listed, now: Self.now) == english)
    }

    @Test func aDayStartsAtMidnightUTC() {
        let lateYesterday = Date(timeIntervalSince1970: 1_795_046_399)  // 23:59:59 of 2026-11-18
        let earlyToday = Date(timeIntervalSince1970: 1_795_046_400)  // 00:00:00 of 2026-11-19
        #expect(Formatting(language: .korean).relativeDay(Self.now, now: lateYesterday) == "오늘")
        #expect(Formatting(language: .korean).relativeDay(Self.now, now: earlyToday) == "어제")
    }
}
