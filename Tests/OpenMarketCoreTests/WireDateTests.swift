import Foundation
import OpenMarketCore
import Testing

@Suite("WireDate", .timeLimit(.minutes(10)))
struct WireDateTests {
    static let march2nd2023 = Date(timeIntervalSince1970: 1_677_715_200)

    @Test(arguments: [
        ("2023-03-02T00:00:00", 1_677_715_200.0),
        ("2022-01-18T00:00:00.00", 1_642_464_000.0),
        ("2021-12-29 00:00:00.000", 1_640_736_000.0),
    ])
    func everyServerFormatParsesToUTCMidnightOfItsDay(text: String, epochSeconds: Double) {
        #expect(WireDate.date(from: text) == Date(timeIntervalSince1970: epochSeconds))
    }

    @Test(arguments: ["2023-03-02T00:00:00", "2023-03-02T00:00:00.00", "2023-03-02 00:00:00.000"])
    func theThreeFormatsOfOneDayAgree(text: String) {
        #expect(WireDate.date(from: text) == Self.march2nd2023)
    }

    @Test(arguments: ["garbage", "", "2023/03/02", "20230302", "2023-xx-02T00:00:00", "2023-02-30T00:00:00", "2023-13-45", "2023-03-02garbage"])
    func textThatIsNotADateIsRejected(text: String) {
        #expect(WireDate.date(from: text) == nil)
    }

    @Test func writesTheV2bFormWithoutFraction() {
        #expect(WireDate.string(from: Self.march2nd2023) == "2023-03-02T00:00:00")
    }

    /// The integer day arithmetic agrees with Foundation's calendar on every day it covers (sampled through its whole
    /// range, every day of 1999–2001, and instants either side of midnight), and leaves the Julian days to it.
    @Test func civilDaysAgreeWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let spans = Array(stride(from: -141_349, to: 2_932_897, by: 997)) + Array(10_592..<11_700) + [-141_349, 2_932_896]
        for day in spans {
            for offset in [0.0, 0.5, 86_399.999] {
                let date = Date(timeIntervalSince1970: Double(day) * 86_400 + offset)
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let civil = try #require(CivilDay(date), "day \(day)")
                #expect([civil.year, civil.month, civil.day] == [parts.year, parts.month, parts.day], "day \(day)")
            }
        }
        // Back from the numbers to the same day count, on every day sampled.
        for day in spans {
            let civil = try #require(CivilDay(Date(timeIntervalSince1970: Double(day) * 86_400)))
            #expect(CivilDay(year: civil.year, month: civil.month, day: civil.day)?.daysSince1970 == day, "day \(day)")
        }
        #expect(CivilDay(year: 2024, month: 2, day: 30) == nil && CivilDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDay(year: 2024, month: 4, day: 31) == nil && CivilDay(year: 1582, month: 12, day: 31) == nil)
        #expect(CivilDay(year: 2024, month: 2, day: 29)?.daysSince1970 == 19_782)
        #expect(CivilDay(Date(timeIntervalSince1970: -141_350 * 86_400)) == nil)
        #expect(CivilDay(Date(timeIntervalSince1970: 2_932_897 * 86_400)) == nil)
        // Before the reform the written day is still the calendar's (Julian) one.
        let early = Date(timeIntervalSince1970: -62_135_596_800)
        let parts = calendar.dateComponents([.year, .month, .day], from: early)
        #expect(WireDate.string(from: early) == String(format: "%04d-%02d-%02dT00:00:00", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0))
    }

    @Test func writesOnlyTheUTCDayOfAnInstant() {
        // 23:59:59 UTC is still the same day, whatever the machine's time zone.
        #expect(WireDate.string(from: Self.march2nd2023.addingTimeInterval(86_399)) == "2023-03-02T00:00:00")
        #expect(WireDate.string(from: Self.march2nd2023.addingTimeInterval(-1)) == "2023-03-01T00:00:00")
    }

    @Test(arguments: ["2022-01-18T00:00:00.00", "2021-12-29 00:00:00.000"])
    func olderFormatsAreRewrittenInTheV2bForm(text: String) throws {
        let date = try #require(WireDate.date(from: text))

        #expect(WireDate.string(from: date) == String(text.prefix(10)) + "T00:00:00")
    }

    @Test func decodingAListItemWithAnUnreadableDateFails() {
        let json = """
            {"id":1,"vendor_id":2,"name":"Mug","thumbnail":"https://example.test/t.jpg","currency":"KRW","price":1.0,
             "discounted_price":0.0,"stock":1,"created_at":"garbage"}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProductSummary.self, from: Data(json.utf8))
        }
    }
}
