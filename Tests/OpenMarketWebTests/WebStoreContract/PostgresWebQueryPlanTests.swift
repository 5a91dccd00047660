import Foundation
import OpenMarketWebState
import PostgresNIO
import OpenMarketPostgres
import Testing
@testable import OpenMarketWeb

/// The PostgreSQL web store's reads and sweeps, as the storage runs them, have an index to use: with sequential
/// scans priced out (`enable_seqscan = off`), no plan still reads a whole table. (On the few rows of a test the
/// planner would rightly scan; this asks whether it could do otherwise.)
@Suite("PostgreSQL web store query plans", .enabled(if: WebStoreKind.postgresURL != nil, "needs OPENMARKET_TEST_DATABASE"), .timeLimit(.minutes(10)))
struct PostgresWebQueryPlanTests {
    @Test func everyReadAndSweepUsesAnIndex() async throws {
        try await ContractWebStore.with(.postgres, handles: 1) { stores in
            let storage = try #require(stores[0].storage as? PostgresWebStorage)
            let now = Date()
            let statements: [(name: String, query: PostgresQuery)] = [
                ("session", PostgresWebStatements.validSession(tokenHash: "ab", at: now)),
                ("expired sessions", PostgresWebStatements.deleteExpiredSessions(at: now)),
                ("event", PostgresWebStatements.event(id: 1)),
                ("pending", PostgresWebStatements.pendingEvents),
                ("total", PostgresWebStatements.eventTotal(productID: nil)),
                ("product total", PostgresWebStatements.eventTotal(productID: 7)),
                ("page", PostgresWebStatements.eventPage(productID: nil, limit: 50, offset: 0)),
                ("product page", PostgresWebStatements.eventPage(productID: 7, limit: 50, offset: 0)),
                ("kept states", PostgresWebStatements.keptStates(eventIDs: [1, 2, 3])),
                ("kept photo", PostgresWebStatements.keptPhoto(eventID: 1, position: 2, now: now)),
                ("interrupted restores", PostgresWebStatements.interruptedRestores),
                ("kept sweep", PostgresWebStatements.sweepKept(now: now)),
                ("draft photo", PostgresWebStatements.draftPhoto(token: "ab", now: now)),
                ("draft sweep", PostgresWebStatements.sweepDrafts(now: now)),
                ("draft trim", PostgresWebStatements.trimDrafts(ownerHash: "ab")),
                ("guess wait", PostgresWebStatements.guessWait(subject: "product:7", client: "192.0.2.1")),
                ("guess sweep", PostgresWebStatements.sweepGuesses(before: now)),
                ("trust sweep", PostgresWebStatements.sweepTrust(at: now)),
                ("questions asked", PostgresQuestionStatements.asked(askerKey: "ab", since: now)),
                ("question page", PostgresQuestionStatements.productPage(productID: 7, before: nil, limit: 20)),
                ("question counts", PostgresQuestionStatements.counts(productID: 7)),
                ("recent question page", PostgresQuestionStatements.recent(before: nil, limit: 50)),
            ]
            try await storage.pool.withConnection { connection in
                try await connection.query("SET enable_seqscan = off", logger: ContractWebStore.quietLogger)
                for statement in statements {
                    var explain = statement.query
                    explain.sql = "EXPLAIN " + explain.sql
                    var plan: [String] = []
                    for try await line in try await connection.query(explain, logger: ContractWebStore.quietLogger).decode(String.self) {
                        plan.append(line)
                    }
                    // The counters are single rows, read by primary key when there are more; a scan of one row is fine.
                    let scans = plan.filter { $0.contains("Seq Scan") && !$0.contains("web_audit_counter") && !$0.contains("web_photo_draft_total") }
                    #expect(scans.isEmpty, "\(statement.name): \(plan.joined(separator: "\n"))")
                    #expect(!plan.contains { $0.contains("Sort") && statement.name.hasSuffix("page") }, "\(statement.name) sorts: \(plan)")
                }
            }
        }
    }
}
