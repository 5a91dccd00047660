import Foundation
import OpenMarketPostgres
import PostgresNIO

extension PostgresWebStorage {
    /// Each condition has an index to read from: `(product_id, id)`, `(action, id)`, `(outcome, id)`, `at`, or the id itself.
    /// A condition not given is a bound `NULL`, which the planner folds away.
    package func filteredEvents(_ filter: AuditLog.Filter, limit: Int) async throws -> [AuditEventRecord] {
        let ascending = filter.after != nil
        let query: PostgresQuery = """
            SELECT \(unescaped: PostgresWebStatements.eventColumns) FROM web_audit_event
            WHERE (\(filter.productID.map(Int64.init))::bigint IS NULL OR product_id = \(filter.productID.map(Int64.init)))
                AND (\(filter.action?.rawValue)::text IS NULL OR action = \(filter.action?.rawValue))
                AND (NOT \(filter.refusedOnly) OR outcome = 'refused')
                AND (\(filter.from)::timestamptz IS NULL OR at >= \(filter.from))
                AND (\(filter.until)::timestamptz IS NULL OR at < \(filter.until))
                AND (\(filter.before)::bigint IS NULL OR id < \(filter.before))
                AND (\(filter.after)::bigint IS NULL OR id > \(filter.after))
            ORDER BY id \(unescaped: ascending ? "ASC" : "DESC") LIMIT \(limit)
            """
        return try await pool.query(query, logger: logger) { rows in try await self.events(rows) }
    }
}
