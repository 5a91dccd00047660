import Foundation
import GRDB
import OpenMarketEmbedded
import OpenMarketStore

/// What a product deleted through this front end leaves behind so staff can list it again: its photos as they
/// were served, which one was the main photo, and its own password's hash, kept beside the delete's history
/// entry (whose snapshot holds the fields) for `retention`, then swept. A restored product's photos go at once;
/// the row stays, small, to say what it was restored as and so that it is never restored twice.
package struct DeletedProducts: Sendable {
    /// How long a deleted product's photos are kept for a restore.
    package static let retention: TimeInterval = 30 * 24 * 3600
    /// `retention` in days, as pages say it.
    package static let retentionDays = Int(retention / (24 * 3600))

    /// Where a delete's restore stands.
    package enum State: Sendable, Equatable {
        /// The photos are kept until then.
        case restorable(until: Date)
        /// A restore is under way (or was interrupted and start-up has not looked yet).
        case restoring
        case restored(productID: Int)
    }

    /// What a restore may go on with, once it has claimed the kept product.
    package struct Claim: Sendable {
        package var deletedProductID: Int
        package var vendorID: Int
        package var keepsake: ProductKeepsake
        /// The creation key the market keeps with the new product, so an interrupted restore can be completed.
        package var restoreKey: String
    }

    /// A deleted product staff can still restore, as the console's "deleted" filter lists it.
    package struct Restorable: Sendable, Hashable {
        package var eventID: Int64
        package var productID: Int
        package var productName: String
        package var deletedAt: Date
        package var keptUntil: Date
        /// The delete's snapshot as recorded (JSON of `AuditLog.Change`), for the price it had.
        package var snapshot: String?

        /// Whole days left to restore it, counting a part of a day as one (the last day says 1, never 0).
        package func daysLeft(now: Date) -> Int {
            max(1, Int((keptUntil.timeIntervalSince(now) / 86_400).rounded(.up)))
        }
    }

    package enum ClaimRefusal: Error, Sendable, Equatable {
        case notKept
        case restoring
        case restored(productID: Int)
    }

    package let storage: any DeletedProductStorage

    package init(storage: any DeletedProductStorage) {
        self.storage = storage
    }

    package init(database: any DatabaseWriter) {
        self.init(storage: SQLiteWebStorage(database: database))
    }

    /// A kept product's state from its row.
    package static func state(keptUntil: Date?, restoreKey: String?, restoredProductID: Int?, now: Date) -> State? {
        if let restoredProductID { return .restored(productID: restoredProductID) }
        if restoreKey != nil { return .restoring }
        if let keptUntil, keptUntil > now { return .restorable(until: keptUntil) }
        return nil
    }

    /// The state of each of these delete entries that kept something (by primary key, one lookup each).
    package func states(eventIDs: [Int64], now: Date = Date()) async throws -> [Int64: State] {
        guard !eventIDs.isEmpty else { return [:] }
        return try await storage.keptStates(eventIDs: Set(eventIDs), now: now)
    }

    /// Takes the kept product for one restore: a second restore, at the same time or later, here or on another
    /// instance, is refused.
    package func claim(eventID: Int64, now: Date = Date()) async throws -> Result<Claim, ClaimRefusal> {
        try await storage.claimKept(eventID: eventID, restoreKey: UUID().uuidString.lowercased(), now: now)
    }

    /// A deleted product's photo as kept, by its number among the product's photos (1 is the first); `nil` once
    /// restored or past the retention, or when there is no such photo.
    package func photo(eventID: Int64, number: Int, now: Date = Date()) async throws -> KeptPhoto? {
        guard number >= 1 else { return nil }
        return try await storage.keptPhoto(eventID: eventID, position: number - 1, now: now)
    }

    /// The restore made nothing: the kept product may be restored again.
    package func release(eventID: Int64) async throws {
        try await storage.releaseKept(eventID: eventID)
    }

    /// Restores a crash interrupted (served by the partial index on restores under way).
    package func interruptedRestores() async throws -> [(eventID: Int64, restoreKey: String)] {
        try await storage.interruptedRestores()
    }

    /// Deleted products staff can restore now, the latest deleted first; `search` narrows them by name (any
    /// part of it, case aside), as the console's table does for products on sale.
    package func restorable(search: String?, now: Date = Date(), limit: Int, offset: Int) async throws -> (total: Int, products: [Restorable]) {
        let pattern = search.map { "%" + Self.escapedForLike($0) + "%" }
        return try await storage.restorableProducts(namePattern: pattern, now: now, limit: limit, offset: offset)
    }

    /// `%`, `_` and `\` taken literally by a `LIKE … ESCAPE '\'`.
    package static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Removes what was kept past `retention` and never restored; how many products. Runs at start-up and every
    /// few minutes (`WebStoreSweeper`), on every instance: a product is removed once, by whichever comes first.
    @discardableResult
    package func sweep(now: Date = Date()) async throws -> Int {
        try await storage.sweepKept(now: now)
    }
}
