import Foundation
import GRDB

/// The single row of `adminAccount`: the console password's bcrypt hash.
package struct AdminAccountRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "adminAccount"
    /// There is one console account; the table allows only this id.
    package static let id: Int64 = 1

    package var id: Int64
    package var passwordHash: String
    package var createdAt: Date
}
