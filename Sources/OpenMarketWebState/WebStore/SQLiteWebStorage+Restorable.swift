import Foundation
import GRDB

extension SQLiteWebStorage {
    /// Walks the partial index on `keptUntil` (restorable rows only) from the latest; a name is matched on the few
    /// rows a month of deletes keeps, never on the history as a whole.
    package func restorableProducts(namePattern: String?, now: Date, limit: Int, offset: Int) async throws
        -> (total: Int, products: [DeletedProducts.Restorable])
    {
        try await database.read { db in
            let nameCondition = namePattern == nil ? "" : "AND auditEvent.productName LIKE ? ESCAPE '\\'"
            var arguments: StatementArguments = [now]
            if let namePattern { arguments += [namePattern] }
            let from = """
                FROM keptProduct JOIN auditEvent ON auditEvent.id = keptProduct.eventId
                WHERE keptProduct.keptUntil > ? AND keptProduct.restoredProductId IS NULL AND keptProduct.restoreKey IS NULL \(nameCondition)
                """
            let total = try Int.fetchOne(db, sql: "SELECT count(*) \(from)", arguments: arguments) ?? 0
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT keptProduct.eventId, keptProduct.productId, auditEvent.productName, auditEvent.at, keptProduct.keptUntil,
                        auditEvent.snapshot
                    \(from) ORDER BY keptProduct.keptUntil DESC, keptProduct.eventId DESC LIMIT ? OFFSET ?
                    """,
                arguments: arguments + [limit, offset])
            let products = rows.map { row in
                DeletedProducts.Restorable(
                    eventID: row["eventId"], productID: row["productId"], productName: row["productName"], deletedAt: row["at"],
                    keptUntil: row["keptUntil"], snapshot: row["snapshot"])
            }
            return (total, products)
        }
    }
}
