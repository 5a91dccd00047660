import Foundation
import GRDB

extension SQLiteWebStorage {
    /// Each condition has an index to read from: `(productId, id)`, `(action, id)`, `(outcome, id)`, `at`, or the id itself.
    package func filteredEvents(_ filter: AuditLog.Filter, limit: Int) async throws -> [AuditEventRecord] {
        try await database.read { db in
            var request = AuditEventRecord.all()
            if let productID = filter.productID { request = request.filter(AuditEventRecord.Columns.productId == productID) }
            if let action = filter.action { request = request.filter(Column("action") == action.rawValue) }
            if filter.refusedOnly { request = request.filter(AuditEventRecord.Columns.outcome == AuditLog.Outcome.refused.rawValue) }
            if let from = filter.from { request = request.filter(Column("at") >= from) }
            if let until = filter.until { request = request.filter(Column("at") < until) }
            if let before = filter.before { request = request.filter(AuditEventRecord.Columns.id < before) }
            if let after = filter.after { request = request.filter(AuditEventRecord.Columns.id > after) }
            let order = filter.after == nil ? AuditEventRecord.Columns.id.desc : AuditEventRecord.Columns.id.asc
            return try request.order(order).limit(limit).fetchAll(db)
        }
    }
}
