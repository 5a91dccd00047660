import Foundation
import Logging
import OpenMarketPostgres
import PostgresNIO

// `StorefrontTallyStorage`, through `WebStorage`.
extension PostgresWebStorage {
    package func sellerNames(productIDs: [Int]) async throws -> [Int: String] {
        guard !productIDs.isEmpty else { return [:] }
        return try await pool.query("SELECT product_id, name FROM web_seller_name WHERE product_id = ANY(\(productIDs))", logger: logger) { rows in
            var names: [Int: String] = [:]
            for try await (id, name) in rows.decode((Int, String).self) { names[id] = name }
            return names
        }
    }

    package func saveSellerName(_ name: String, productID: Int) async throws {
        try await pool.execute(
            """
            INSERT INTO web_seller_name (product_id, name) VALUES (\(productID), \(name))
            ON CONFLICT (product_id) DO UPDATE SET name = excluded.name
            """, logger: logger)
    }

    package func productIDs(sellerName: String, before: Int?, limit: Int) async throws -> [Int] {
        let below = before ?? Int.max
        return try await pool.query(
            """
            SELECT product_id FROM web_seller_name WHERE name = \(sellerName) AND product_id < \(below)
            ORDER BY product_id DESC LIMIT \(limit)
            """, logger: logger
        ) { rows in
            var ids: [Int] = []
            for try await id in rows.decode(Int.self) { ids.append(id) }
            return ids
        }
    }

    /// The three reads at once, each on its own connection: one round trip's wait instead of three.
    package func productPageTallies(productID: Int, questionLimit: Int) async throws -> ProductPageTallies {
        async let names = sellerNames(productIDs: [productID])
        async let likes = likeCounts(productIDs: [productID])
        async let questions = questions(productID: productID, before: nil, limit: questionLimit)
        return try await ProductPageTallies(sellerName: names[productID], likes: likes[productID] ?? 0, questions: questions)
    }

    package func likeCounts(productIDs: [Int]) async throws -> [Int: Int] {
        guard !productIDs.isEmpty else { return [:] }
        return try await pool.query("SELECT product_id, likes FROM web_like_count WHERE product_id = ANY(\(productIDs))", logger: logger) { rows in
            var counts: [Int: Int] = [:]
            for try await (id, likes) in rows.decode((Int, Int).self) { counts[id] = likes }
            return counts
        }
    }

    package func addLikes(_ delta: Int, productID: Int) async throws -> Int {
        try await pool.query(
            """
            INSERT INTO web_like_count (product_id, likes) VALUES (\(productID), greatest(\(delta), 0))
            ON CONFLICT (product_id) DO UPDATE SET likes = greatest(web_like_count.likes + \(delta), 0)
            RETURNING likes
            """, logger: logger
        ) { rows in
            for try await likes in rows.decode(Int.self) { return likes }
            return 0
        }
    }

    package func countSearches(_ tallies: [SearchTally]) async throws {
        guard !tallies.isEmpty else { return }
        try await transaction { connection in
            for tally in tallies {
                let added = try await connection.query(
                    """
                    INSERT INTO web_search_count (day, term, searches) VALUES (\(tally.day), \(tally.term), \(tally.searches))
                    ON CONFLICT (day, term) DO UPDATE SET searches = web_search_count.searches + excluded.searches
                    """, logger: logger)
                for try await _ in added {}
            }
        }
    }

    package func popularSearches(sinceDay: Int, minimum: Int, limit: Int) async throws -> [String] {
        try await pool.query(
            """
            SELECT term FROM web_search_count WHERE day >= \(sinceDay) GROUP BY term HAVING sum(searches) >= \(minimum)
            ORDER BY sum(searches) DESC, term LIMIT \(limit)
            """, logger: logger
        ) { rows in
            var terms: [String] = []
            for try await term in rows.decode(String.self) { terms.append(term) }
            return terms
        }
    }

    package func sweepSearches(beforeDay day: Int) async throws {
        try await pool.execute("DELETE FROM web_search_count WHERE day < \(day)", logger: logger)
    }
}
