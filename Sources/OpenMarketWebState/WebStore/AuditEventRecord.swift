import Foundation
import GRDB

/// A row of `auditEvent`: one create, update or delete tried through this front end.
package struct AuditEventRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "auditEvent"

    package var id: Int64?
    package var at: Date
    package var actor: String
    package var action: String
    package var productId: Int?
    package var productName: String
    /// JSON list of `AuditLog.Change`.
    package var changes: String
    /// JSON list of `AuditLog.Change`: the product as it was, for deletes.
    package var snapshot: String?
    /// `success`, `refused`, `failed`, or `pending` while a create is under way.
    package var outcome: String
    package var detail: String
    package var creationKey: String?
    /// For a restore: the deleted product the restored one was listed from.
    package var relatedProductId: Int?

    package enum Columns {
        static let id = Column(CodingKeys.id)
        static let productId = Column(CodingKeys.productId)
        static let outcome = Column(CodingKeys.outcome)
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Newest first, optionally one product's (served by the `(productId, id)` index).
    package static func newest(productID: Int?) -> QueryInterfaceRequest<AuditEventRecord> {
        let all = AuditEventRecord.order(Columns.id.desc)
        return productID.map { all.filter(Columns.productId == $0) } ?? all
    }

    /// Creates begun and never completed (served by the partial index on pending events).
    package static var pending: QueryInterfaceRequest<AuditEventRecord> {
        AuditEventRecord.filter(Columns.outcome == AuditLog.Outcome.pending.rawValue)
    }
}
