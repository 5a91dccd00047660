import Foundation
import GRDB
import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// The front end's state in `web.sqlite` (see `WebDatabase` for its tables): one instance, one file.
package struct SQLiteWebStorage: WebStorage {
    package let database: any DatabaseWriter
    /// Shared by every storage on the same file (see `storefrontVersion`).
    let storefrontWrites: StorefrontWrites

    package init(database: any DatabaseWriter) {
        self.database = database
        storefrontWrites = StorefrontWrites.counter(for: database)
    }

    package var storefrontVersion: UInt64? { storefrontWrites.count }

    /// Every product with a seller name, a like count or a question, read once; commits since add their own.
    package func showsNothingBeside(productIDs: [Int]) async throws -> Bool {
        if let none = storefrontWrites.namesNone(of: productIDs) { return none }
        guard storefrontWrites.needsReading else { return false }
        let named = try await database.read { db in
            try Int.fetchAll(db, sql: "SELECT productId FROM sellerName UNION SELECT productId FROM likeCount UNION SELECT productId FROM productQuestion")
        }
        storefrontWrites.complete(with: named)
        return storefrontWrites.namesNone(of: productIDs) ?? false
    }

    package func healthCheck() async throws {
        _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// `WebDatabase.open` has migrated the file already.
    package func migrate() async throws {}

    /// Guess counts live in memory here (`MemoryGuessCounter`), which forgets them itself.
    package func sweepOther(now: Date) async throws {}

    // MARK: Admin accounts

    package func adminPasswordHash() async throws -> String? {
        try await database.read { db in try AdminAccountRecord.fetchOne(db, key: AdminAccountRecord.id)?.passwordHash }
    }

    package func saveAdminPasswordHash(_ hash: String, at now: Date) async throws {
        let account = AdminAccountRecord(id: AdminAccountRecord.id, passwordHash: hash, createdAt: now)
        try await database.write { db in try account.upsert(db) }
    }

    package func createAdminPasswordHash(_ hash: String, at now: Date) async throws -> Bool {
        let account = AdminAccountRecord(id: AdminAccountRecord.id, passwordHash: hash, createdAt: now)
        return try await database.write { db in
            guard try !AdminAccountRecord.exists(db, key: AdminAccountRecord.id) else { return false }
            try account.insert(db)
            return true
        }
    }

    package func addSession(tokenHash: String, createdAt: Date, expiresAt: Date) async throws {
        let session = AdminSessionRecord(tokenHash: tokenHash, createdAt: createdAt, expiresAt: expiresAt)
        try await database.write { db in
            _ = try AdminSessionRecord.expired(at: createdAt).deleteAll(db)
            try session.insert(db)
        }
    }

    package func isSessionValid(tokenHash: String, at now: Date) async throws -> Bool {
        try await database.read { db in try AdminSessionRecord.valid(tokenHash: tokenHash, at: now).isEmpty(db) == false }
    }

    package func removeSession(tokenHash: String) async throws {
        _ = try await database.write { db in try AdminSessionRecord.deleteOne(db, key: tokenHash) }
    }

    package func siteKey(orKeeping fresh: Data) async throws -> Data {
        try await database.write { db in
            if let kept = try Data.fetchOne(db, sql: "SELECT key FROM siteKey WHERE id = 1") { return kept }
            try db.execute(sql: "INSERT INTO siteKey (id, key) VALUES (1, ?)", arguments: [fresh])
            return fresh
        }
    }

    // MARK: Product passwords

    package func productPasswordHash(productID: Int) async throws -> String? {
        try await database.read { db in try ProductPasswordRecord.fetchOne(db, key: productID)?.passwordHash }
    }

    package func saveProductPasswordHash(_ hash: String, productID: Int, at now: Date) async throws {
        let record = ProductPasswordRecord(productId: productID, passwordHash: hash, createdAt: now)
        try await database.write { db in try record.save(db) }
    }

    package func removeProductPassword(productID: Int) async throws {
        _ = try await database.write { db in try ProductPasswordRecord.deleteOne(db, key: productID) }
    }

    package func allProductPasswordHashes() async throws -> [Int: String] {
        try await database.read { db in
            Dictionary(uniqueKeysWithValues: try ProductPasswordRecord.fetchAll(db).map { ($0.productId, $0.passwordHash) })
        }
    }

    package func removeAllProductPasswords() async throws {
        _ = try await database.write { db in try ProductPasswordRecord.deleteAll(db) }
    }

    // MARK: History

    package func insertEvent(_ event: AuditEventRecord, alongside: AuditAlongside?) async throws -> Int64 {
        // A restore names its product again: counted once its transaction has committed.
        defer { if case .completeRestore(_, let restored)? = alongside { storefrontWrites.step(naming: [restored]) } }
        return try await database.write { db in
            var event = event
            event.id = nil
            try event.insert(db)
            let id = event.id ?? 0
            switch alongside {
            case .keepDeleted(let keepsake, let productID, let vendorID)?:
                try Self.keep(keepsake, productID: productID, vendorID: vendorID, eventID: id, at: event.at, in: db)
            case .completeRestore(let eventID, let restoredProductID)?:
                try Self.completeRestore(eventID: eventID, restoredProductID: restoredProductID, at: event.at, in: db)
            case nil:
                break
            }
            return id
        }
    }

    package func event(id: Int64) async throws -> AuditEventRecord? {
        try await database.read { db in try AuditEventRecord.fetchOne(db, key: id) }
    }

    package func completeEvent(id: Int64, productID: Int?, productName: String, changes: String, outcome: String, detail: String) async throws {
        try await database.write { db in
            guard var event = try AuditEventRecord.fetchOne(db, key: id) else { return }
            event.productId = productID
            event.productName = productName
            event.changes = changes
            event.outcome = outcome
            event.detail = detail
            try event.update(db)
        }
    }

    package func pendingEvents() async throws -> [AuditEventRecord] {
        try await database.read { db in try AuditEventRecord.pending.order(AuditEventRecord.Columns.id).fetchAll(db) }
    }

    package func events(productID: Int?, limit: Int, offset: Int) async throws -> (total: Int, events: [AuditEventRecord]) {
        try await database.read { db in
            let total = try productID == nil
                ? Int.fetchOne(db, sql: "SELECT total FROM auditCounter WHERE id = 1") ?? 0
                : AuditEventRecord.newest(productID: productID).fetchCount(db)
            return (total, try AuditEventRecord.newest(productID: productID).limit(limit, offset: offset).fetchAll(db))
        }
    }

    // MARK: Deleted products

    package static func keep(_ keepsake: ProductKeepsake, productID: Int, vendorID: Int, eventID: Int64, at now: Date, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO keptProduct (eventId, productId, vendorId, mainPosition, passwordHash, keptUntil) VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [eventID, productID, vendorID, keepsake.mainPosition, keepsake.passwordHash, now.addingTimeInterval(DeletedProducts.retention)])
        for (position, photo) in keepsake.photos.enumerated() {
            try db.execute(
                sql: "INSERT INTO keptPhoto (eventId, position, mediaType, bytes) VALUES (?, ?, ?, ?)",
                arguments: [eventID, position, photo.mediaType, photo.data])
        }
    }

    package static func completeRestore(eventID: Int64, restoredProductID: Int, at now: Date, in db: Database) throws {
        try db.execute(
            sql: "UPDATE keptProduct SET restoredProductId = ?, restoredAt = ? WHERE eventId = ?", arguments: [restoredProductID, now, eventID])
        try db.execute(sql: "DELETE FROM keptPhoto WHERE eventId = ?", arguments: [eventID])
        // The restored product is listed under the seller's nickname again.
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO sellerName (productId, name)
                SELECT ?, name FROM sellerName WHERE productId = (SELECT productId FROM keptProduct WHERE eventId = ?)
                """,
            arguments: [restoredProductID, eventID])
    }

    package func keptStates(eventIDs: Set<Int64>, now: Date) async throws -> [Int64: DeletedProducts.State] {
        try await database.read { db in
            var states: [Int64: DeletedProducts.State] = [:]
            for id in eventIDs {
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT keptUntil, restoreKey, restoredProductId FROM keptProduct WHERE eventId = ?", arguments: [id])
                else { continue }
                states[id] = DeletedProducts.state(
                    keptUntil: row["keptUntil"], restoreKey: row["restoreKey"], restoredProductID: row["restoredProductId"], now: now)
            }
            return states
        }
    }

    package func claimKept(eventID: Int64, restoreKey: String, now: Date) async throws -> Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal> {
        try await database.write { db -> Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal> in
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
            try db.execute(sql: "UPDATE keptProduct SET restoreKey = ? WHERE eventId = ?", arguments: [restoreKey, eventID])
            let keepsake = ProductKeepsake(photos: photos, mainPosition: row["mainPosition"], passwordHash: row["passwordHash"])
            return .success(DeletedProducts.Claim(deletedProductID: row["productId"], vendorID: row["vendorId"], keepsake: keepsake, restoreKey: restoreKey))
        }
    }

    package func keptPhoto(eventID: Int64, position: Int, now: Date) async throws -> KeptPhoto? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT keptPhoto.mediaType, keptPhoto.bytes FROM keptPhoto JOIN keptProduct ON keptProduct.eventId = keptPhoto.eventId
                    WHERE keptPhoto.eventId = ? AND keptPhoto.position = ? AND keptProduct.keptUntil > ?
                    """,
                arguments: [eventID, position, now]
            ).map { KeptPhoto(mediaType: $0["mediaType"], data: $0["bytes"]) }
        }
    }

    package func releaseKept(eventID: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE keptProduct SET restoreKey = NULL WHERE eventId = ? AND restoredProductId IS NULL", arguments: [eventID])
        }
    }

    package func interruptedRestores() async throws -> [(eventID: Int64, restoreKey: String)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT eventId, restoreKey FROM keptProduct WHERE restoreKey IS NOT NULL AND restoredProductId IS NULL")
                .map { ($0["eventId"], $0["restoreKey"]) }
        }
    }

    package func sweepKept(now: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM keptProduct WHERE keptUntil <= ? AND restoredProductId IS NULL AND restoreKey IS NULL", arguments: [now])
            return db.changesCount
        }
    }

    // MARK: Photo drafts

    package func draftPhotos(keyHash: String, ownerHash: String, now: Date) async throws -> [PhotoDrafts.Photo]? {
        try await database.read { db in
            guard let draft = try PhotoDraftRecord.fetchOne(db, key: keyHash), draft.expiresAt > now,
                Tokens.equal(draft.ownerHash, ownerHash)
            else { return nil }
            return try PhotoDraftImageRecord.photos(ofDraft: keyHash).fetchAll(db)
                .map { PhotoDrafts.Photo(filename: $0.filename, mediaType: $0.mediaType, data: $0.bytes, token: $0.token) }
        }
    }

    package func keepDraft(_ photos: [PhotoDrafts.Photo], key: String?, freshKey: String, ownerHash: String, now: Date) async throws -> String? {
        try await database.write { db -> String? in
            // The visitor's own draft keeps its key; any other key (unknown, swept, someone else's) is not reused.
            var draftKey = freshKey
            if let key, let existing = try PhotoDraftRecord.fetchOne(db, key: PhotoDrafts.digest(key)),
                Tokens.equal(existing.ownerHash, ownerHash) {
                try existing.delete(db)
                draftKey = key
            }
            let added = photos.reduce(0) { $0 + $1.data.count }
            let total = try Int.fetchOne(db, sql: "SELECT bytes FROM photoDraftTotal WHERE id = 1") ?? 0
            guard total + added <= PhotoDrafts.maxTotalBytes else { return nil }
            let keyHash = PhotoDrafts.digest(draftKey)
            try PhotoDraftRecord(keyHash: keyHash, ownerHash: ownerHash, expiresAt: now.addingTimeInterval(PhotoDrafts.lifetime)).insert(db)
            for (position, photo) in photos.enumerated() {
                try PhotoDraftImageRecord(
                    draftKeyHash: keyHash, position: position, token: photo.token, filename: photo.filename, mediaType: photo.mediaType,
                    bytes: photo.data
                ).insert(db)
            }
            for old in try PhotoDraftRecord.owned(by: ownerHash).fetchAll(db).dropLast(PhotoDrafts.maxDraftsPerVisitor) {
                try old.delete(db)
            }
            return draftKey
        }
    }

    package func draftPhoto(token: String, ownerHash: String, now: Date) async throws -> PhotoDrafts.Photo? {
        try await database.read { db in
            guard let image = try PhotoDraftImageRecord.filter(PhotoDraftImageRecord.Columns.token == token).fetchOne(db),
                let draft = try PhotoDraftRecord.fetchOne(db, key: image.draftKeyHash), draft.expiresAt > now,
                Tokens.equal(draft.ownerHash, ownerHash)
            else { return nil }
            return PhotoDrafts.Photo(filename: image.filename, mediaType: image.mediaType, data: image.bytes, token: image.token)
        }
    }

    package func discardDraft(keyHash: String, ownerHash: String) async throws {
        try await database.write { db in
            guard let draft = try PhotoDraftRecord.fetchOne(db, key: keyHash),
                Tokens.equal(draft.ownerHash, ownerHash)
            else { return }
            try draft.delete(db)
        }
    }

    package func sweepDrafts(now: Date) async throws -> Int {
        try await database.write { db in try PhotoDraftRecord.expired(at: now).deleteAll(db) }
    }
}

/// Commits that changed seller names, likes or questions in one database file, counted for the caches of their reads: a read is kept
/// only while the count stays as it was when the read began. One counter per file, whichever storage or pool of this
/// process writes; writers outside this process are not seen, which is why one process writes the file (as
/// `SQLiteMarket.writeVersion`).
///
/// With the count, the products that may show something beside them: every product the file's rows named when they
/// were read (`complete(with:)`) and every product a commit has named since. Only ever added to, so it is a superset:
/// a product outside it has no name, like or question, and its page need not read the file.
final class StorefrontWrites: Sendable {
    /// Past this many products the set is given up, and every page reads the file as before.
    static let maximumNamed = 262_144

    private struct State {
        var count: UInt64 = 0
        var named: Set<Int> = []
        var isComplete = false
        var gaveUp = false

        mutating func giveUp() {
            gaveUp = true
            named = []
        }
    }

    private let state = NIOLockedValueBox(State())
    private static let counters = NIOLockedValueBox<[String: StorefrontWrites]>([:])

    static func counter(for database: any DatabaseWriter) -> StorefrontWrites {
        counters.withLockedValue { counters in
            if let counter = counters[database.path] { return counter }
            let counter = StorefrontWrites()
            counters[database.path] = counter
            return counter
        }
    }

    var count: UInt64 { state.withLockedValue { $0.count } }

    /// After a commit: the count moves, and the products it gave a name, a like or a question are added.
    func step(naming productIDs: [Int] = []) {
        state.withLockedValue { state in
            state.count &+= 1
            guard !state.gaveUp else { return }
            state.named.formUnion(productIDs)
            if state.named.count > Self.maximumNamed { state.giveUp() }
        }
    }

    /// Whether the set is still to be read from the file.
    var needsReading: Bool { state.withLockedValue { !$0.isComplete && !$0.gaveUp } }

    /// Adds the products the file's rows name, read in one snapshot: a commit after it adds its own products itself.
    func complete(with productIDs: [Int]) {
        state.withLockedValue { state in
            guard !state.gaveUp else { return }
            state.named.formUnion(productIDs)
            state.isComplete = true
            if state.named.count > Self.maximumNamed { state.giveUp() }
        }
    }

    /// True when none of `productIDs` can have a name, a like or a question; nil until the file's rows were read
    /// (or after the set was given up).
    func namesNone(of productIDs: [Int]) -> Bool? {
        state.withLockedValue { state in
            guard state.isComplete, !state.gaveUp else { return nil }
            return !productIDs.contains { state.named.contains($0) }
        }
    }
}
