import Foundation
import GRDB

/// The single row of `adminAccount`: the console password's bcrypt hash.
struct AdminAccountRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "adminAccount"
    /// There is one console account; the table allows only this id.
    static let id: Int64 = 1

    var id: Int64
    var passwordHash: String
    var createdAt: Date
}
