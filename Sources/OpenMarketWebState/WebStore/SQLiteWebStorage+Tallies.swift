import Foundation
import GRDB
import OpenMarketStore

// `StorefrontTallyStorage`, through `WebStorage`.
extension SQLiteWebStorage {
    package enum TallySQL {
        package static let sellerName = "SELECT name FROM sellerName WHERE productId = ?"
        package static let likes = "SELECT likes FROM likeCount WHERE productId = ?"
    }

    package func sellerNames(productIDs: [Int]) async throws -> [Int: String] {
        guard !productIDs.isEmpty else { return [:] }
        return try await database.readInSnapshot { db in
            // Cached: a list page asks for the same number of ids every time.
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT productId, name FROM sellerName WHERE productId IN (\(Self.placeholders(productIDs.count)))"),
                arguments: StatementArguments(each: productIDs))
            return Dictionary(rows.map { ($0["productId"], $0["name"]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    package func saveSellerName(_ name: String, productID: Int) async throws {
        defer { storefrontWrites.step(naming: [productID]) }
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO sellerName (productId, name) VALUES (?, ?) ON CONFLICT (productId) DO UPDATE SET name = excluded.name",
                arguments: [productID, name])
        }
    }

    package func productIDs(sellerName: String, before: Int?, limit: Int) async throws -> [Int] {
        try await database.read { db in
            try Int.fetchAll(
                db, sql: "SELECT productId FROM sellerName WHERE name = ? AND productId < ? ORDER BY productId DESC LIMIT ?",
                arguments: [sellerName, before ?? Int.max, limit])
        }
    }

    /// One read of three cached statements (each compiled once per connection).
    package func productPageTallies(productID: Int, questionLimit: Int) async throws -> ProductPageTallies {
        try await database.readInSnapshot { db in
            let name = try String.fetchOne(db.cachedStatement(sql: TallySQL.sellerName), arguments: [productID])
            let likes = try Int.fetchOne(db.cachedStatement(sql: TallySQL.likes), arguments: [productID])
            let questions = try Row.fetchAll(db.cachedStatement(sql: QuestionSQL.productPage), arguments: [productID, Int64.max, questionLimit])
            return ProductPageTallies(sellerName: name, likes: likes ?? 0, questions: questions.map(Self.question))
        }
    }

    package func likeCounts(productIDs: [Int]) async throws -> [Int: Int] {
        guard !productIDs.isEmpty else { return [:] }
        return try await database.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT productId, likes FROM likeCount WHERE productId IN (\(Self.placeholders(productIDs.count)))"),
                arguments: StatementArguments(each: productIDs))
            return Dictionary(rows.map { ($0["productId"], $0["likes"]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    package func addLikes(_ delta: Int, productID: Int) async throws -> Int {
        defer { storefrontWrites.step(naming: [productID]) }
        return try await database.write { db in
            try Int.fetchOne(
                db,
                sql: """
                    INSERT INTO likeCount (productId, likes) VALUES (?, max(?, 0))
                    ON CONFLICT (productId) DO UPDATE SET likes = max(likes + ?, 0)
                    RETURNING likes
                    """,
                arguments: [productID, delta, delta]) ?? 0
        }
    }

    package func countSearches(_ tallies: [SearchTally]) async throws {
        guard !tallies.isEmpty else { return }
        try await database.write { db in
            let statement = try db.cachedStatement(
                sql: "INSERT INTO searchCount (day, term, searches) VALUES (?, ?, ?) ON CONFLICT (day, term) DO UPDATE SET searches = searches + excluded.searches")
            for tally in tallies {
                try statement.execute(arguments: [tally.day, tally.term, tally.searches])
            }
        }
    }

    package func popularSearches(sinceDay: Int, minimum: Int, limit: Int) async throws -> [String] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT term FROM searchCount WHERE day >= ? GROUP BY term HAVING sum(searches) >= ?
                    ORDER BY sum(searches) DESC, term LIMIT ?
                    """,
                arguments: [sinceDay, minimum, limit])
        }
    }

    package func sweepSearches(beforeDay day: Int) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM searchCount WHERE day < ?", arguments: [day]) }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
