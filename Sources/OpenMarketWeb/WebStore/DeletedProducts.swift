import Foundation
import GRDB
import OpenMarketStore

/// What a product deleted through this front end leaves behind so staff can list it again: its photos as they
/// were served, which one was the main photo, and its own password's hash, kept beside the delete's history
/// entry (whose snapshot holds the fields) for `retention`, then swept. A restored product's photos go at once;
/// the row stays, small, to say what it was restored as and so that it is never restored twice.
struct DeletedProducts: Sendable {
    /// How long a deleted product's photos are kept for a restore.
    static let retention: TimeInterval = 30 * 24 * 3600
    /// `retention` in days, as pages say it.
    static let retentionDays = Int(retention / (24 * 3600))

    /// Where a delete's restore stands.
    enum State: Sendable, Equatable {
        /// The photos are kept until then.
        case restorable(until: Date)
        /// A restore is under way (or was interrupted and start-up has not looked yet).
        case restoring
        case restored(productID: Int)
    }

    /// What a restore may go on with, once it has claimed the kept product.
    struct Claim: Sendable {
        var deletedProductID: Int
        var vendorID: Int
        var keepsake: ProductKeepsake
        /// The creation key the market keeps with the new product, so an interrupted restore can be completed.
        var restoreKey: String
    }

    enum ClaimRefusal: Error, Sendable, Equatable {
        case notKept
        case restoring
        case restored(productID: Int)
    }

    let database: any DatabaseWriter

    /// Keeps a deleted product's keepsake beside its delete entry, inside the history's own transaction.
    static func keep(_ keepsake: ProductKeepsake, productID: Int, vendorID: Int, eventID: Int64, in db: Database, now: Date = Date()) throws {
        try db.execute(
            sql: """
                INSERT INTO keptProduct (eventId, productId, vendorId, mainPosition, passwordHash, keptUntil) VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [eventID, productID, vendorID, keepsake.mainPosition, keepsake.passwordHash, now.addingTimeInterval(retention)])
        for (position, photo) in keepsake.photos.enumerated() {
            try db.execute(
                sql: "INSERT INTO keptPhoto (eventId, position, mediaType, bytes) VALUES (?, ?, ?, ?)",
                arguments: [eventID, position, photo.mediaType, photo.data])
        }
    }

    /// The state of each of these delete entries that kept something (by primary key, one lookup each).
    func states(eventIDs: [Int64], now: Date = Date()) async throws -> [Int64: State] {
        guard !eventIDs.isEmpty else { return [:] }
        return try await database.read { db in
            var states: [Int64: State] = [:]
            for id in Set(eventIDs) {
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT keptUntil, restoreKey, restoredProductId FROM keptProduct WHERE eventId = ?", arguments: [id])
                else { continue }
                if let restored = row["restoredProductId"] as Int? {
                    states[id] = .restored(productID: restored)
                } else if (row["restoreKey"] as String?) != nil {
                    states[id] = .restoring
                } else if let until = row["keptUntil"] as Date?, until > now {
                    states[id] = .restorable(until: until)
                }
            }
            return states
        }
    }

    /// Takes the kept product for one restore: a second restore, at the same time or later, is refused.
    func claim(eventID: Int64, now: Date = Date()) async throws -> Result<Claim, ClaimRefusal> {
        let key = UUID().uuidString.lowercased()
        return try await database.write { db -> Result<Claim, ClaimRefusal> in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT productId, vendorId, mainPosition, passwordHash, keptUntil, restoreKey, restoredProductId FROM keptProduct WHERE eventId = ?",
                arguments: [eventID])
            else { return .failure(.notKept) }
            if let restored = row["restoredProductId"] as Int? { return .failure(.restored(productID: restored)) }
            if (row["restoreKey"] as String?) != nil { return .failure(.restoring) }
            guard let until = row["keptUntil"] as Date?, until > now else { return .failure(.notKept) }
            let photos = try Row.fetchAll(db, sql: "SELECT mediaType, bytes FROM keptPhoto WHERE eventId = ? ORDER BY position", arguments: [eventID])
                .map { KeptPhoto(mediaType: $0["mediaType"], data: $0["bytes"]) }
            guard !photos.isEmpty else { return .failure(.notKept) }
            try db.execute(sql: "UPDATE keptProduct SET restoreKey = ? WHERE eventId = ?", arguments: [key, eventID])
            let keepsake = ProductKeepsake(photos: photos, mainPosition: row["mainPosition"], passwordHash: row["passwordHash"])
            return .success(Claim(deletedProductID: row["productId"], vendorID: row["vendorId"], keepsake: keepsake, restoreKey: key))
        }
    }

    /// The restore made this product: the photos go, the row says so from now on. Inside the history's transaction.
    static func complete(eventID: Int64, restoredProductID: Int, in db: Database, now: Date = Date()) throws {
        try db.execute(
            sql: "UPDATE keptProduct SET restoredProductId = ?, restoredAt = ? WHERE eventId = ?", arguments: [restoredProductID, now, eventID])
        try db.execute(sql: "DELETE FROM keptPhoto WHERE eventId = ?", arguments: [eventID])
    }

    /// The restore made nothing: the kept product may be restored again.
    func release(eventID: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE keptProduct SET restoreKey = NULL WHERE eventId = ? AND restoredProductId IS NULL", arguments: [eventID])
        }
    }

    /// Restores a crash interrupted (served by the partial index on restores under way).
    func interruptedRestores() async throws -> [(eventID: Int64, restoreKey: String)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT eventId, restoreKey FROM keptProduct WHERE restoreKey IS NOT NULL AND restoredProductId IS NULL")
                .map { ($0["eventId"], $0["restoreKey"]) }
        }
    }

    /// Removes what was kept past `retention` and never restored; how many products. Runs at start-up and every
    /// few minutes (`WebStoreSweeper`).
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM keptProduct WHERE keptUntil <= ? AND restoredProductId IS NULL AND restoreKey IS NULL", arguments: [now])
            return db.changesCount
        }
    }
}
