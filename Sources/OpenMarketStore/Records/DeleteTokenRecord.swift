import Foundation
import GRDB

/// A one-time, expiring permission to delete one product, handed out by `POST …/archived`.
struct DeleteTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "deleteToken"

    var token: String
    var productId: Int64
    var vendorId: Int64
    var expiresAt: Date

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }
}
