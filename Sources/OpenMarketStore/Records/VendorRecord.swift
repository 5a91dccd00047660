import Foundation
import GRDB

/// A row of `vendor`: who may sell, identified by a time-based UUID, authenticated by a bcrypt hash.
struct VendorRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "vendor"

    var id: Int64?
    var name: String
    var identifier: String
    var secretHash: String
    var createdAt: Date

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let identifier = Column(CodingKeys.identifier)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
