import Foundation
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

@Suite("Number, money and date formatting per language")
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

    @Test func discountRatesRoundDownAndNumbersGroupWithNegativesAndLargeValues() {
        let korean = Formatting(language: .korean)
        #expect(korean.discountRate(priceMinor: 15_000, discountMinor: 1_000) == "6%")
        #expect(korean.discountRate(priceMinor: 1_000_000, discountMinor: 1) == "1%", "a discount is never shown as 0 %")
        #expect(korean.discountRate(priceMinor: 100, discountMinor: 0) == nil)
        #expect(korean.discountRate(priceMinor: Int64.max / 10, discountMinor: Int64.max / 20) == "50%")
        #expect(korean.price(minor: -1_234_599, currency: .usd) == "$-12,345.99")
        #expect(korean.number(1_000_000_000) == "1,000,000,000")
        #expect(Formatting.grouped(5, fractionDigits: 2) == "0.05")
    }
}
