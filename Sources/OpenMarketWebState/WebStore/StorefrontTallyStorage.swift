import Foundation

/// What the storefront keeps beside the market's products, which no OpenMarket API has: the name a seller chose for
/// each listing, each product's like count, and how often words were searched (by day, nothing about who searched).
/// Kept in the web store, so it works with an embedded or a remote market and is shared by instances on PostgreSQL.
package protocol StorefrontTallyStorage: Sendable {
    /// The names kept for those of `productIDs` that have one.
    func sellerNames(productIDs: [Int]) async throws -> [Int: String]
    /// A count that moves with every commit changing what the storefront shows beside products (seller names, likes,
    /// questions), when only this process writes them (SQLite): `SellerNames` and `ProductPageTallyCache` keep their
    /// reads while it stays. `nil` where other instances write too (PostgreSQL).
    var storefrontVersion: UInt64? { get }
    /// True when none of `productIDs` has a seller name, a like count or a question, known without reading them
    /// (SQLite: this process has seen every commit that named a product); false when they may have, or where other
    /// instances write (PostgreSQL). Most products were never named, liked or asked about: their pages read nothing.
    func showsNothingBeside(productIDs: [Int]) async throws -> Bool
    /// Sets the name a product is listed under (a restored product takes its old one).
    func saveSellerName(_ name: String, productID: Int) async throws
    /// Ids of products listed under `name`, newest (highest id) first, below `before` when given.
    func productIDs(sellerName: String, before: Int?, limit: Int) async throws -> [Int]

    func likeCounts(productIDs: [Int]) async throws -> [Int: Int]
    /// Adds `delta` (+1 or −1) to the product's likes in one statement, never below zero; the count after it.
    func addLikes(_ delta: Int, productID: Int) async throws -> Int

    /// Adds each tally's searches of its term on its day (days since 1970, UTC), all in one transaction.
    func countSearches(_ tallies: [SearchTally]) async throws
    /// The most searched terms from `sinceDay` on, most first, each searched at least `minimum` times.
    func popularSearches(sinceDay: Int, minimum: Int, limit: Int) async throws -> [String]
    /// Forgets the counts of days before `day`.
    func sweepSearches(beforeDay day: Int) async throws

    /// What a product page shows beside the product, in one read where the store allows it: every page nobody asked
    /// for a moment ago pays for each separate read (a hop to the database's thread and back, a transaction).
    func productPageTallies(productID: Int, questionLimit: Int) async throws -> ProductPageTallies
}

extension StorefrontTallyStorage {
    package var storefrontVersion: UInt64? { nil }
    package func showsNothingBeside(productIDs: [Int]) async throws -> Bool { false }
}

/// A product page's seller name (`nil` when none was kept), like count and newest questions anyone may see.
package struct ProductPageTallies: Sendable {
    package var sellerName: String?
    package var likes: Int
    package var questions: [ProductQuestion]
}

/// Searches of one term on one day, counted in memory since they were last written (see `PopularSearches`).
package struct SearchTally: Hashable, Sendable {
    package var term: String
    package var day: Int
    package var searches: Int

    package init(term: String, day: Int, searches: Int) {
        self.term = term
        self.day = day
        self.searches = searches
    }
}
