import Foundation
import GRDB
@testable import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The front end's own queries, as the production code builds them, use their indexes: no scan of the history or
/// of the sessions on a page view.
@Suite("web.sqlite query plans", .timeLimit(.minutes(10)))
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
            #expect(pending.contains { $0.contains("auditEvent_on_pending") || $0.contains("auditEvent_on_outcome_id") }, "\(pending)")

            let session = try Self.plan(AdminSessionRecord.valid(tokenHash: "ab", at: Date()), in: db)
            #expect(session.contains { $0.contains("USING INDEX sqlite_autoindex_adminSession_1") || $0.contains("PRIMARY KEY") }, "\(session)")
            let expired = try Self.plan(AdminSessionRecord.expired(at: Date()), in: db)
            #expect(expired.contains { $0.contains("adminSession_on_expiresAt") }, "\(expired)")
        }
    }

    @Test func draftAndKeptPhotoQueriesUseIndexes() throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        let database = try WebDatabase.open(path: path)
        try database.read { db in
            let sweep = try Self.plan(PhotoDraftRecord.expired(at: Date()), in: db)
            #expect(sweep.contains { $0.contains("photoDraft_on_expiresAt") }, "\(sweep)")
            let owned = try Self.plan(PhotoDraftRecord.owned(by: "ab"), in: db)
            #expect(owned.contains { $0.contains("photoDraft_on_ownerHash") }, "\(owned)")
            let token = try Self.plan(PhotoDraftImageRecord.filter(PhotoDraftImageRecord.Columns.token == "ab"), in: db)
            #expect(token.contains { $0.contains("USING INDEX sqlite_autoindex_photoDraftImage") }, "\(token)")
            let photos = try Self.plan(PhotoDraftImageRecord.photos(ofDraft: "ab"), in: db)
            #expect(!photos.contains { $0.contains("SCAN") || $0.contains("TEMP B-TREE") }, "\(photos)")

            let keptSweep = try Self.plan(
                sql: "SELECT eventId FROM keptProduct WHERE keptUntil <= ? AND restoredProductId IS NULL AND restoreKey IS NULL", [Date()], in: db)
            #expect(keptSweep.contains { $0.contains("keptProduct_on_keptUntil") }, "\(keptSweep)")
            let interrupted = try Self.plan(
                sql: "SELECT eventId, restoreKey FROM keptProduct WHERE restoreKey IS NOT NULL AND restoredProductId IS NULL", [], in: db)
            #expect(interrupted.contains { $0.contains("keptProduct_on_restoring") }, "\(interrupted)")
        }
    }

    @Test func questionReadsUseTheirIndexes() throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        let database = try WebDatabase.open(path: path)
        typealias SQL = SQLiteWebStorage.QuestionSQL
        try database.read { db in
            let page = try Self.plan(sql: SQL.productPage, [7, Int64.max, 20], in: db)
            #expect(page.contains { $0.contains("productQuestion_on_productId_id") }, "\(page)")
            #expect(!page.contains { $0.contains("TEMP B-TREE") }, "newest first from the index: \(page)")
            let counts = try Self.plan(sql: SQL.counts, [7], in: db)
            #expect(counts.contains { $0.contains("productQuestion_on_productId_id") }, "\(counts)")
            let asked = try Self.plan(sql: SQL.asked, ["ab", Date()], in: db)
            #expect(asked.contains { $0.contains("productQuestion_on_askerKey_askedAt") }, "\(asked)")
            let recent = try Self.plan(sql: SQL.recent, [Int64.max, 50], in: db)
            #expect(!recent.contains { $0.contains("TEMP B-TREE") }, "newest first from the primary key: \(recent)")
        }
    }

    @Test func aProductPagesTalliesAreReadByKey() throws {
        let path = TestSupport.temporaryDirectory().appending(path: "web.sqlite").path
        let database = try WebDatabase.open(path: path)
        try database.read { db in
            for sql in [SQLiteWebStorage.TallySQL.sellerName, SQLiteWebStorage.TallySQL.likes] {
                let plan = try Self.plan(sql: sql, [7], in: db)
                #expect(plan.count == 1 && plan.allSatisfy { $0.hasPrefix("SEARCH") && $0.contains("PRIMARY KEY") }, "\(sql): \(plan)")
            }
        }
    }

    static func plan(sql: String, _ arguments: StatementArguments, in db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
    }
}
