import Foundation
import GRDB

// `ProductQuestionStorage`, through `WebStorage`.
extension SQLiteWebStorage {
    private static let questionColumns = "id, productId, nickname, text, isPrivate, askedAt, answer, answeredAt, isHidden"

    /// The reads a page or a question makes, as `WebStoreQueryPlanTests` explains them.
    package enum QuestionSQL {
        package static let asked = "SELECT count(*) FROM productQuestion WHERE askerKey = ? AND askedAt > ?"
        package static let productPage = """
            SELECT \(SQLiteWebStorage.questionColumns) FROM productQuestion
            WHERE productId = ? AND id < ? AND isHidden = 0 ORDER BY id DESC LIMIT ?
            """
        package static let counts = "SELECT count(*) AS total, count(*) - count(answer) AS unanswered FROM productQuestion WHERE productId = ? AND isHidden = 0"
        package static let recent = "SELECT \(SQLiteWebStorage.questionColumns) FROM productQuestion WHERE id < ? ORDER BY id DESC LIMIT ?"
    }

    package func addQuestion(_ question: ProductQuestion, passwordHash: String, askerKey: String, limit: Int, since: Date) async throws -> Int64? {
        // One writer at a time: the count and the insert see the same rows.
        defer { storefrontWrites.step(naming: [question.productID]) }
        return try await database.write { db in
            let asked = try Int.fetchOne(db, sql: QuestionSQL.asked, arguments: [askerKey, since]) ?? 0
            guard asked < limit else { return nil }
            try db.execute(
                sql: """
                    INSERT INTO productQuestion (productId, nickname, text, passwordHash, isPrivate, askerKey, askedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [question.productID, question.nickname, question.text, passwordHash, question.isPrivate, askerKey, question.askedAt])
            return db.lastInsertedRowID
        }
    }

    package func questionsAsked(askerKey: String, since: Date) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: QuestionSQL.asked, arguments: [askerKey, since]) ?? 0
        }
    }

    package func questions(productID: Int, before: Int64?, limit: Int) async throws -> [ProductQuestion] {
        try await database.read { db in
            try Row.fetchAll(db, sql: QuestionSQL.productPage, arguments: [productID, before ?? Int64.max, limit]).map(Self.question)
        }
    }

    package func questionCounts(productID: Int) async throws -> QuestionCounts {
        try await database.read { db in
            let row = try Row.fetchOne(db, sql: QuestionSQL.counts, arguments: [productID])
            return QuestionCounts(total: row?["total"] ?? 0, unanswered: row?["unanswered"] ?? 0)
        }
    }

    package func question(id: Int64) async throws -> (question: ProductQuestion, passwordHash: String)? {
        try await database.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT \(Self.questionColumns), passwordHash FROM productQuestion WHERE id = ?", arguments: [id])
            else { return nil }
            return (Self.question(row), row["passwordHash"])
        }
    }

    package func answerQuestion(id: Int64, productID: Int, answer: String, at: Date) async throws -> Bool {
        defer { storefrontWrites.step() }
        return try await database.write { db in
            try db.execute(
                sql: "UPDATE productQuestion SET answer = ?, answeredAt = ? WHERE id = ? AND productId = ? AND isHidden = 0",
                arguments: [answer, at, id, productID])
            return db.changesCount > 0
        }
    }

    package func removeQuestion(id: Int64, passwordHash: String) async throws -> Bool {
        defer { storefrontWrites.step() }
        return try await database.write { db in
            try db.execute(sql: "DELETE FROM productQuestion WHERE id = ? AND passwordHash = ?", arguments: [id, passwordHash])
            return db.changesCount > 0
        }
    }

    package func setQuestionHidden(id: Int64, hidden: Bool) async throws -> Bool {
        defer { storefrontWrites.step() }
        return try await database.write { db in
            try db.execute(sql: "UPDATE productQuestion SET isHidden = ? WHERE id = ?", arguments: [hidden, id])
            return db.changesCount > 0
        }
    }

    package func recentQuestions(before: Int64?, limit: Int) async throws -> [ProductQuestion] {
        try await database.read { db in
            try Row.fetchAll(db, sql: QuestionSQL.recent, arguments: [before ?? Int64.max, limit]).map(Self.question)
        }
    }

    package func moveQuestions(fromProduct old: Int, toProduct new: Int) async throws {
        defer { storefrontWrites.step(naming: [new]) }
        try await database.write { db in
            try db.execute(sql: "UPDATE productQuestion SET productId = ? WHERE productId = ?", arguments: [new, old])
        }
    }

    package static func question(_ row: Row) -> ProductQuestion {
        ProductQuestion(
            id: row["id"], productID: row["productId"], nickname: row["nickname"], text: row["text"], isPrivate: row["isPrivate"],
            askedAt: row["askedAt"], answer: row["answer"], answeredAt: row["answeredAt"], isHidden: row["isHidden"])
    }
}
