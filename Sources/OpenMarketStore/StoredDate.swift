import Foundation
import GRDB
import GRDBSQLite
import OpenMarketCore

/// A `DATETIME` column read without a calendar: GRDB stores dates as `yyyy-MM-dd HH:mm:ss.SSS` in UTC and reads
/// them back through Foundation's `Calendar`, which was the largest part of turning a row into a summary. Text in
/// exactly that shape, within the years a calendar has no say in, is counted out here; anything else is read by
/// GRDB as before, so both give the same `Date` for the same column.
struct StoredDate: DatabaseValueConvertible, StatementColumnConvertible {
    let date: Date

    init(_ date: Date) {
        self.date = date
    }

    var databaseValue: DatabaseValue { date.databaseValue }

    /// A copied row (`fetchOne`) reads its values this way rather than from the statement.
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredDate? {
        if case .string(var text) = dbValue.storage,
            let seconds = text.withUTF8({ $0.count == 23 ? secondsSinceReferenceDate($0) : nil }) {
            return StoredDate(Date(timeIntervalSinceReferenceDate: seconds))
        }
        return Date.fromDatabaseValue(dbValue).map(StoredDate.init)
    }

    init?(sqliteStatement: SQLiteStatement, index: CInt) {
        if sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT, sqlite3_column_bytes(sqliteStatement, index) == 23,
            let text = sqlite3_column_text(sqliteStatement, index),
            let seconds = Self.secondsSinceReferenceDate(UnsafeBufferPointer(start: text, count: 23)) {
            date = Date(timeIntervalSinceReferenceDate: seconds)
        } else if let date = Date(sqliteStatement: sqliteStatement, index: index) {
            self.date = date
        } else {
            return nil
        }
    }

    /// `yyyy-MM-dd HH:mm:ss.SSS` as seconds since 2001-01-01 00:00 UTC; nil for any other text, and for dates a
    /// calendar would adjust (the 31st of a 30-day month, a leap second) or place in another calendar (`CivilDay`'s years).
    static func secondsSinceReferenceDate(_ text: UnsafeBufferPointer<UInt8>) -> TimeInterval? {
        guard text.count == 23, text[4] == 0x2D, text[7] == 0x2D, text[10] == 0x20, text[13] == 0x3A, text[16] == 0x3A,
            text[19] == 0x2E
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let digit = Int(text[index]) &- 0x30
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
            let civil = CivilDay(year: year, month: month, day: day), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        // 11,323 days from 1970 to 2001.
        let days = civil.daysSince1970 - 11_323
        // The time of day first, then the day's start: Foundation's order of additions, so the last bit agrees too.
        let timeOfDay = Double(hour * 3_600 + minute * 60 + second) + Double(millisecond) / 1_000
        return Double(days * 86_400) + timeOfDay
    }
}
