import Foundation
import GRDB
@testable import OpenMarketStore
import Testing

@Suite("Stored dates read without a calendar", .timeLimit(.minutes(1)))
struct StoredDateTests {
    /// Each text read through `StoredDate` and through GRDB's `Date`, from the same statement.
    func bothReadings(of texts: [String]) throws -> [(text: String, fast: Date?, grdb: Date?)] {
        let queue = try DatabaseQueue()
        return try queue.read { db in
            try texts.map { text in
                // A cursor's row reads each value straight from the statement, as the product loader's rows do.
                let rows = try Row.fetchCursor(db, sql: "SELECT ?, ?", arguments: [text, text])
                let row = try #require(try rows.next())
                // Text neither can read is an error for both (which the subscripts turn into a crash).
                let fast = (try? row.decode(StoredDate.self, atIndex: 0))?.date
                // A copied row (`fetchOne`) reads through `DatabaseValue` instead: the same date either way.
                #expect(StoredDate.fromDatabaseValue(row[0])?.date == fast, "\(text)")
                return (text, fast, try? row.decode(Date.self, atIndex: 1))
            }
        }
    }

    @Test func givesGRDBsDateToTheBitForDatesAsGRDBStoresThem() throws {
        var generator = SystemRandomNumberGenerator()
        // Dates as GRDB writes them, across leap days, month ends, the epochs and the far future.
        var dates = (0..<5_000).map { _ in
            Date(timeIntervalSince1970: Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator))
                + Double(Int.random(in: 0...999, using: &generator)) / 1_000)
        }
        dates += [Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.001)]
        let texts = dates.map { String.fromDatabaseValue($0.databaseValue) ?? "" }
        #expect(texts.allSatisfy { $0.utf8.count == 23 })
        let readings = try bothReadings(of: texts + ["2024-02-29 23:59:59.999", "2000-01-01 00:00:00.000", "1900-03-01 12:00:00.500", "1583-01-01 00:00:00.000"])
        for reading in readings {
            #expect(reading.fast != nil)
            #expect(reading.fast?.timeIntervalSinceReferenceDate.bitPattern == reading.grdb?.timeIntervalSinceReferenceDate.bitPattern,
                    "\(reading.text)")
        }
    }

    @Test func leavesEveryOtherShapeToGRDB() throws {
        let texts = [
            "2024-02-30 10:00:00.000", "2023-02-29 10:00:00.000", "2024-04-31 10:00:00.000", "2024-13-01 10:00:00.000",
            "1582-10-10 10:00:00.000", "1582-12-31 23:59:59.999", "2024-06-01T10:00:00.000", "2024-06-01 10:00:00",
            "2024-06-01 10:00", "2024-06-01", "2024-06-01 24:00:00.000", "2024-06-01 10:60:00.000", "2024-06-01 10:00:60.000",
            "2024-06-01 10:00:00.000Z", "2024-06-01 1a:00:00.000", "not a date at all, 23 b", "",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let counted = bytes.withUnsafeBufferPointer(StoredDate.secondsSinceReferenceDate)
            #expect(counted == nil, "\(text)")
        }
        for reading in try bothReadings(of: texts) {
            #expect(reading.fast == reading.grdb, "\(reading.text)")
        }
    }

    @Test func readsNumbersAndNullAsGRDBDoes() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 1700000000.25, 1700000000, NULL")
            let row = try #require(try rows.next())
            #expect((row[0] as StoredDate).date == Date(timeIntervalSince1970: 1_700_000_000.25))
            #expect((row[1] as StoredDate).date == Date(timeIntervalSince1970: 1_700_000_000))
            #expect((row[2] as StoredDate?) == nil)
        }
    }
}
