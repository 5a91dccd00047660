import Foundation
import PostgresNIO

extension PostgresWebStorage {
    /// The partial index on `kept_until` holds the restorable rows only; total and page from one snapshot.
    package func restorableProducts(namePattern: String?, now: Date, limit: Int, offset: Int) async throws
        -> (total: Int, products: [DeletedProducts.Restorable])
    {
        let logger = self.logger
        return try await transaction { connection in
            var total = 0
            let counted = try await connection.query(
                """
                SELECT count(*) FROM web_kept_product k JOIN web_audit_event e ON e.id = k.event_id
                WHERE k.kept_until > \(now) AND k.restored_product_id IS NULL AND k.restore_key IS NULL
                    AND (\(namePattern)::text IS NULL OR e.product_name ILIKE \(namePattern) ESCAPE '\\')
                """, logger: logger)
            for try await count in counted.decode(Int.self) { total = count }
            let rows = try await connection.query(
                """
                SELECT k.event_id, k.product_id, e.product_name, e.at, k.kept_until, e.snapshot
                FROM web_kept_product k JOIN web_audit_event e ON e.id = k.event_id
                WHERE k.kept_until > \(now) AND k.restored_product_id IS NULL AND k.restore_key IS NULL
                    AND (\(namePattern)::text IS NULL OR e.product_name ILIKE \(namePattern) ESCAPE '\\')
                ORDER BY k.kept_until DESC, k.event_id DESC LIMIT \(limit) OFFSET \(offset)
                """, logger: logger)
            var products: [DeletedProducts.Restorable] = []
            for try await (eventID, productID, name, at, until, snapshot) in rows.decode((Int64, Int, String, Date, Date, String?).self) {
                products.append(.init(eventID: eventID, productID: productID, productName: name, deletedAt: at, keptUntil: until, snapshot: snapshot))
            }
            return (total, products)
        }
    }
}
