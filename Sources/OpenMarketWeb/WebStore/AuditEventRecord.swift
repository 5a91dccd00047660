import Foundation
import GRDB

/// A row of `auditEvent`: one create, update or delete tried through this front end.
struct AuditEventRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "auditEvent"

    var id: Int64?
    var at: Date
    var actor: String
    var action: String
    var productId: Int?
    var productName: String
    /// JSON list of `AuditLog.Change`.
    var changes: String
    /// JSON list of `AuditLog.Change`: the product as it was, for deletes.
    var snapshot: String?
    /// `success`, `refused`, `failed`, or `pending` while a create is under way.
    var outcome: String
    var detail: String
    var creationKey: String?
    /// For a restore: the deleted product the restored one was listed from.
    var relatedProductId: Int?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let productId = Column(CodingKeys.productId)
        static let outcome = Column(CodingKeys.outcome)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Newest first, optionally one product's (served by the `(productId, id)` index).
    static func newest(productID: Int?) -> QueryInterfaceRequest<AuditEventRecord> {
        let all = AuditEventRecord.order(Columns.id.desc)
        return productID.map { all.filter(Columns.productId == $0) } ?? all
    }

    /// Creates begun and never completed (served by the partial index on pending events).
    static var pending: QueryInterfaceRequest<AuditEventRecord> {
        AuditEventRecord.filter(Columns.outcome == AuditLog.Outcome.pending.rawValue)
    }
}
