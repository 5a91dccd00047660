import GRDB
import PostgresNIO

/// What the web store's databases mean by their errors, so the use cases above need not know either database.
package enum StorageErrors {
    /// The disk under SQLite or PostgreSQL is full: nothing was written, and trying later may work.
    package static func isDiskFull(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_FULL }
        // 53100 disk_full
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] == "53100" }
        return false
    }
}
