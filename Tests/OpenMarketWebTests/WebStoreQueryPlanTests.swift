import Foundation
import GRDB
import Testing
@testable import OpenMarketWeb

/// The front end's own queries, as the production code builds them, use their indexes: no scan of the history or
/// of the sessions on a page view.
@Suite("web.sqlite query plans")
struct WebStoreQueryPlanTests {
    static func plan<Record>(_ request: QueryInterfaceRequest<Record>, in db: Database) throws -> [String] {
        let prepared = try request.makePreparedRequest(db)
        let sql = "EXPLAIN QUERY PLAN " + prepared.statement.sql
        return try Row.fetchAll(db, sql: sql, arguments: prepared.statement.arguments).map { $0["detail"] as String }
    }

    @Test func historyPendingAndSessionLookupsUseIndexes() throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        let database = try WebDatabase.open(path: path)
        try database.read { db in
            let perProduct = try Self.plan(AuditEventRecord.newest(productID: 7).limit(50, offset: 0), in: db)
            #expect(perProduct.contains { $0.contains("USING INDEX auditEvent_on_productId_id") }, "\(perProduct)")
            #expect(!perProduct.contains { $0.contains("TEMP B-TREE") }, "\(perProduct)")

            let everything = try Self.plan(AuditEventRecord.newest(productID: nil).limit(50, offset: 0), in: db)
            #expect(everything.allSatisfy { !$0.contains("TEMP B-TREE") }, "newest first straight from the primary key: \(everything)")

            let pending = try Self.plan(AuditEventRecord.pending, in: db)
            #expect(pending.contains { $0.contains("auditEvent_on_pending") }, "\(pending)")

            let session = try Self.plan(AdminSessionRecord.valid(tokenHash: "ab", at: Date()), in: db)
            #expect(session.contains { $0.contains("USING INDEX sqlite_autoindex_adminSession_1") || $0.contains("PRIMARY KEY") }, "\(session)")
            let expired = try Self.plan(AdminSessionRecord.expired(at: Date()), in: db)
            #expect(expired.contains { $0.contains("adminSession_on_expiresAt") }, "\(expired)")
        }
    }
}
