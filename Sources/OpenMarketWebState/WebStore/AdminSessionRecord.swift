import Foundation
import GRDB

/// A row of `adminSession`: a signed-in console session, by the SHA-256 of its token (the token itself lives only
/// in the admin's cookie, so a copy of the database signs nobody in).
package struct AdminSessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "adminSession"

    package var tokenHash: String
    package var createdAt: Date
    package var expiresAt: Date

    package enum Columns {
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }

    /// Sessions past their lifetime (served by the index on `expiresAt`).
    package static func expired(at now: Date) -> QueryInterfaceRequest<AdminSessionRecord> {
        filter(Columns.expiresAt < now)
    }

    /// The session with this token hash, if it is still valid (by primary key).
    package static func valid(tokenHash: String, at now: Date) -> QueryInterfaceRequest<AdminSessionRecord> {
        filter(key: tokenHash).filter(Columns.expiresAt > now)
    }
}
