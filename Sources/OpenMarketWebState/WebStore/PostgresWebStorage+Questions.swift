import Foundation
import OpenMarketPostgres
import PostgresNIO

/// The reads of questions, as `PostgresWebQueryPlanTests` explains them.
package enum PostgresQuestionStatements {
    package static let columns = "id, product_id, nickname, text, is_private, asked_at, answer, answered_at, is_hidden"

    package static func asked(askerKey: String, since: Date) -> PostgresQuery {
        "SELECT count(*)::bigint FROM web_product_question WHERE asker_key = \(askerKey) AND asked_at > \(since)"
    }

    package static func productPage(productID: Int, before: Int64?, limit: Int) -> PostgresQuery {
        """
        SELECT \(unescaped: columns) FROM web_product_question
        WHERE product_id = \(Int64(productID)) AND id < \(before ?? Int64.max) AND NOT is_hidden ORDER BY id DESC LIMIT \(limit)
        """
    }

    package static func counts(productID: Int) -> PostgresQuery {
        """
        SELECT count(*)::bigint, (count(*) - count(answer))::bigint FROM web_product_question
        WHERE product_id = \(Int64(productID)) AND NOT is_hidden
        """
    }

    package static func recent(before: Int64?, limit: Int) -> PostgresQuery {
        "SELECT \(unescaped: columns) FROM web_product_question WHERE id < \(before ?? Int64.max) ORDER BY id DESC LIMIT \(limit)"
    }
}

// `ProductQuestionStorage`, through `WebStorage`.
extension PostgresWebStorage {
    private static let questionColumns = PostgresQuestionStatements.columns
    /// The first key of the advisory lock an asker's new questions take (the second is their key's hash).
    private static let questionLock: Int32 = 0x4F4D_5100

    package func addQuestion(_ question: ProductQuestion, passwordHash: String, askerKey: String, limit: Int, since: Date) async throws -> Int64? {
        // The asker's lock makes the count and the insert one step across instances: a second question of theirs
        // waits here until the first is committed, then counts it.
        let logger = self.logger
        return try await transaction { connection in
            let locked = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.questionLock), hashtext(\(askerKey)))", logger: logger)
            for try await _ in locked {}
            let asked = try await Self.single(
                Int.self, try await connection.query(PostgresQuestionStatements.asked(askerKey: askerKey, since: since), logger: logger)) ?? 0
            guard asked < limit else { return nil }
            return try await Self.single(
                Int64.self,
                try await connection.query(
                    """
                    INSERT INTO web_product_question (product_id, nickname, text, password_hash, is_private, asker_key, asked_at)
                    VALUES (\(Int64(question.productID)), \(question.nickname), \(question.text), \(passwordHash), \(question.isPrivate),
                        \(askerKey), \(question.askedAt))
                    RETURNING id
                    """, logger: logger))
        }
    }

    package func questionsAsked(askerKey: String, since: Date) async throws -> Int {
        try await pool.query(PostgresQuestionStatements.asked(askerKey: askerKey, since: since), logger: logger) { rows in
            try await Self.single(Int.self, rows) ?? 0
        }
    }

    package func questions(productID: Int, before: Int64?, limit: Int) async throws -> [ProductQuestion] {
        try await pool.query(PostgresQuestionStatements.productPage(productID: productID, before: before, limit: limit), logger: logger) { rows in
            try await Self.questions(rows)
        }
    }

    package func questionCounts(productID: Int) async throws -> QuestionCounts {
        try await pool.query(PostgresQuestionStatements.counts(productID: productID), logger: logger) { rows in
            for try await (total, unanswered) in rows.decode((Int, Int).self) { return QuestionCounts(total: total, unanswered: unanswered) }
            return QuestionCounts(total: 0, unanswered: 0)
        }
    }

    package func question(id: Int64) async throws -> (question: ProductQuestion, passwordHash: String)? {
        try await pool.query(
            "SELECT \(unescaped: Self.questionColumns), password_hash FROM web_product_question WHERE id = \(id)", logger: logger
        ) { rows in
            for try await row in rows.decode((Int64, Int, String, String, Bool, Date, String?, Date?, Bool, String).self) {
                let question = ProductQuestion(
                    id: row.0, productID: row.1, nickname: row.2, text: row.3, isPrivate: row.4, askedAt: row.5, answer: row.6,
                    answeredAt: row.7, isHidden: row.8)
                return (question, row.9)
            }
            return nil
        }
    }

    package func answerQuestion(id: Int64, productID: Int, answer: String, at: Date) async throws -> Bool {
        try await pool.query(
            """
            UPDATE web_product_question SET answer = \(answer), answered_at = \(at)
            WHERE id = \(id) AND product_id = \(Int64(productID)) AND NOT is_hidden RETURNING id
            """, logger: logger
        ) { rows in try await Self.single(Int64.self, rows) != nil }
    }

    package func removeQuestion(id: Int64, passwordHash: String) async throws -> Bool {
        try await pool.query(
            "DELETE FROM web_product_question WHERE id = \(id) AND password_hash = \(passwordHash) RETURNING id", logger: logger
        ) { rows in try await Self.single(Int64.self, rows) != nil }
    }

    package func setQuestionHidden(id: Int64, hidden: Bool) async throws -> Bool {
        try await pool.query("UPDATE web_product_question SET is_hidden = \(hidden) WHERE id = \(id) RETURNING id", logger: logger) { rows in
            try await Self.single(Int64.self, rows) != nil
        }
    }

    package func recentQuestions(before: Int64?, limit: Int) async throws -> [ProductQuestion] {
        try await pool.query(PostgresQuestionStatements.recent(before: before, limit: limit), logger: logger) { rows in
            try await Self.questions(rows)
        }
    }

    package func moveQuestions(fromProduct old: Int, toProduct new: Int) async throws {
        try await pool.execute("UPDATE web_product_question SET product_id = \(Int64(new)) WHERE product_id = \(Int64(old))", logger: logger)
    }

    private static func questions(_ rows: PostgresRowSequence) async throws -> [ProductQuestion] {
        var questions: [ProductQuestion] = []
        for try await row in rows.decode((Int64, Int, String, String, Bool, Date, String?, Date?, Bool).self) {
            questions.append(ProductQuestion(
                id: row.0, productID: row.1, nickname: row.2, text: row.3, isPrivate: row.4, askedAt: row.5, answer: row.6,
                answeredAt: row.7, isHidden: row.8))
        }
        return questions
    }

    private static func single<T: PostgresDecodable>(_ type: T.Type, _ rows: PostgresRowSequence) async throws -> T? {
        for try await value in rows.decode(T.self) { return value }
        return nil
    }
}
