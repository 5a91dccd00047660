import Foundation
import OpenMarketEmbedded
import OpenMarketStore

// The front end's own state is kept by one of two stores: `web.sqlite` beside the market (one instance), or
// tables prefixed `web_` in the PostgreSQL database several instances share. Each component (`AdminAccounts`,
// `ProductPasswords`, `AuditLog`, `DeletedProducts`, `PhotoDrafts`, `GuessThrottle`) keeps its rules and asks its
// storage only to read and write rows; both stores implement every storage below with the same behaviour, which
// `WebStoreContractTests` holds them to.

/// The console password's hash and the signed-in sessions (by the SHA-256 of their tokens).
package protocol AdminAccountStorage: Sendable {
    func adminPasswordHash() async throws -> String?
    /// Sets the hash, replacing any.
    func saveAdminPasswordHash(_ hash: String, at now: Date) async throws
    /// Sets the hash only where there is none yet; whether it was set (instances starting together make one).
    func createAdminPasswordHash(_ hash: String, at now: Date) async throws -> Bool
    /// Adds a session, and removes those expired by `createdAt`.
    func addSession(tokenHash: String, createdAt: Date, expiresAt: Date) async throws
    func isSessionValid(tokenHash: String, at now: Date) async throws -> Bool
    func removeSession(tokenHash: String) async throws
}

/// The key the site signs its own tokens with (`SiteKey`).
package protocol SiteKeyStorage: Sendable {
    /// The kept key, or `fresh`, kept now, when there is none yet (instances starting together keep one).
    func siteKey(orKeeping fresh: Data) async throws -> Data
}

/// Product passwords the front end keeps itself (for a remote market that cannot), by product id.
package protocol ProductPasswordStorage: Sendable {
    func productPasswordHash(productID: Int) async throws -> String?
    func saveProductPasswordHash(_ hash: String, productID: Int, at now: Date) async throws
    func removeProductPassword(productID: Int) async throws
    func allProductPasswordHashes() async throws -> [Int: String]
    func removeAllProductPasswords() async throws
}

/// What is written in the same transaction as a history entry, given the entry's id.
package enum AuditAlongside: Sendable {
    /// A delete's keepsake, kept beside its entry for a restore.
    case keepDeleted(ProductKeepsake, productID: Int, vendorID: Int)
    /// A restore that made this product: its kept product says so from now on, and its photos go.
    case completeRestore(eventID: Int64, restoredProductID: Int)
}

/// The history of creates, updates, deletes and restores, newest first.
package protocol AuditStorage: Sendable {
    /// Inserts the event (its `id` is ignored) and what goes `alongside` it, in one transaction; the new id.
    func insertEvent(_ event: AuditEventRecord, alongside: AuditAlongside?) async throws -> Int64
    func event(id: Int64) async throws -> AuditEventRecord?
    func completeEvent(id: Int64, productID: Int?, productName: String, changes: String, outcome: String, detail: String) async throws
    /// Pending creates, oldest first.
    func pendingEvents() async throws -> [AuditEventRecord]
    /// The total (of all events, or of one product's) and one page, newest first.
    func events(productID: Int?, limit: Int, offset: Int) async throws -> (total: Int, events: [AuditEventRecord])
    /// Up to `limit` entries the filter selects, from its key: newest first, or oldest first when it reads `after`.
    func filteredEvents(_ filter: AuditLog.Filter, limit: Int) async throws -> [AuditEventRecord]
}

/// The keepsakes of deleted products, and the restores made from them.
package protocol DeletedProductStorage: Sendable {
    func keptStates(eventIDs: Set<Int64>, now: Date) async throws -> [Int64: DeletedProducts.State]
    /// Marks the kept product as being restored under `restoreKey`, once: any other claim, here or on another
    /// instance, at the same time or later, is refused.
    func claimKept(eventID: Int64, restoreKey: String, now: Date) async throws -> Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal>
    func releaseKept(eventID: Int64) async throws
    /// A photo of a deleted product, by its place among the product's photos (0 is the first), while it is kept.
    func keptPhoto(eventID: Int64, position: Int, now: Date) async throws -> KeptPhoto?
    func interruptedRestores() async throws -> [(eventID: Int64, restoreKey: String)]
    func sweepKept(now: Date) async throws -> Int
    /// Deleted products still restorable at `now` (kept, not claimed, not restored), their names matching `pattern`
    /// (`LIKE`, escaped with `\`) when given, the latest deleted first; and how many there are.
    func restorableProducts(namePattern: String?, now: Date, limit: Int, offset: Int) async throws
        -> (total: Int, products: [DeletedProducts.Restorable])
}

/// The photos of upload forms that came back with an error, by the SHA-256 of their keys and owners.
package protocol PhotoDraftStorage: Sendable {
    func draftPhotos(keyHash: String, ownerHash: String, now: Date) async throws -> [PhotoDrafts.Photo]?
    /// Keeps `photos` under `key` when that draft is the owner's (replacing it), else under `freshKey`; trims the
    /// owner's oldest drafts past `PhotoDrafts.maxDraftsPerVisitor`. The key used, or `nil` when all drafts
    /// together would pass `PhotoDrafts.maxTotalBytes`.
    func keepDraft(_ photos: [PhotoDrafts.Photo], key: String?, freshKey: String, ownerHash: String, now: Date) async throws -> String?
    func draftPhoto(token: String, ownerHash: String, now: Date) async throws -> PhotoDrafts.Photo?
    func discardDraft(keyHash: String, ownerHash: String) async throws
    func sweepDrafts(now: Date) async throws -> Int
}

/// All of the front end's state in one store, and what operations need of it.
package protocol WebStorage:
    AdminAccountStorage, SiteKeyStorage, ProductPasswordStorage, AuditStorage, DeletedProductStorage, PhotoDraftStorage, StorefrontTallyStorage,
    ProductQuestionStorage
{
    /// One cheap read, for `/ready`.
    func healthCheck() async throws
    /// Brings the schema up to date; safe while other instances do the same.
    func migrate() async throws
    /// Removes what is kept only for a while beyond drafts and deleted products (shared guess counts).
    func sweepOther(now: Date) async throws
}
