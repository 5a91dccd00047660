import Foundation
import OpenMarketCore
import Testing

/// `DecimalText.plain` must write exactly what `Decimal.description` writes, for every amount.
@Suite("DecimalText", .timeLimit(.minutes(10)))
struct DecimalTextTests {
    @Test(arguments: [
        "0", "0.00", "-0", "1", "35000", "12.50", "0.05", "-12.5", "-0.05", "1e3", "1e15", "999999999999999", "1000000000000000",
        "9007199254740993", "123456789012345678901234567890", "0.000000000000000000000000000001", "1e-40", "1e20", "7.77e-7",
    ])
    func writesWhatDescriptionWrites(text: String) throws {
        let amount = try #require(Decimal(string: text))
        #expect(DecimalText.plain(amount) == amount.description)
    }

    @Test func writesEveryStoredAmountAsDescriptionDoes() {
        var generator = SystemRandomNumberGenerator()
        for currency in Currency.allCases {
            for _ in 0..<5_000 {
                let minor = Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &generator)
                let amount = MinorUnits.decimal(minor, currency: currency)
                let discount = MinorUnits.decimal(minor / 3, currency: currency)
                #expect(DecimalText.plain(amount) == amount.description, "\(minor) \(currency)")
                #expect(DecimalText.plain(amount - discount) == (amount - discount).description, "\(minor) \(currency)")
            }
        }
    }

    @Test func notANumberIsWrittenAsFoundationWritesIt() {
        #expect(DecimalText.plain(.nan) == Decimal.nan.description)
    }
}
