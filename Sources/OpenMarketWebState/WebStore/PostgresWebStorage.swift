import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import PostgresNIO
import ServiceLifecycle

/// The front end's state in PostgreSQL (tables `web_…`, see `PostgresWebSchema`), shared by every instance on the
/// database: sessions, product passwords, the history, drafts, kept products and the counts of wrong guesses.
///
/// Whatever must happen once (a restore's claim, a sweep's delete, a miss counted) is one statement or one
/// transaction whose rows the server locks, so instances racing each other get the same answers one instance would.
/// Its connections are a `PostgresClient` pool, which works only while `run()` runs: the application runs it as a
/// service; tests call `withRunning`.
package final class PostgresWebStorage: WebStorage, GuessCounting, Service {
    package let location: PostgresLocation
    package let pool: PostgresPool
    package let logger: Logger

    package init(
        location: PostgresLocation, maximumConnections: Int = 10, limits: PostgresPool.Limits = .standard,
        logger: Logger = Logger(label: "openmarket.web-store")
    ) {
        self.location = location
        self.logger = logger
        pool = PostgresPool(name: "web", location: location, maximumConnections: maximumConnections, limits: limits, logger: logger)
    }

    /// Runs the connection pool until cancelled or, as a service, until the group's graceful shutdown.
    package func run() async throws {
        await pool.run()
    }

    /// Runs the pool, applies the migrations, then `body`; the pool is closed when `body` returns or throws.
    package func withRunning<T: Sendable>(_ body: (PostgresWebStorage) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.pool.run() }
            defer { group.cancelAll() }
            try await migrate()
            return try await body(self)
        }
    }

    package func migrate() async throws {
        let logger = self.logger
        let applied = try await pool.withConnection(limits: pool.limits.unboundedWork) { connection in
            try await PostgresWebSchema.migrate(connection, logger: logger)
        }
        logger.info("Web store database ready", metadata: ["database": "\(location)", "migrations applied": "\(applied)"])
    }

    /// Within the market's health check's limits: a readiness probe answers within a second.
    package func healthCheck() async throws {
        try await pool.execute("SELECT 1", limits: PostgresMarket.healthCheckLimits, logger: logger)
    }

    package func sweepOther(now: Date) async throws {
        let forgotten = now.addingTimeInterval(-Self.memorySeconds)
        try await pool.execute(PostgresWebStatements.sweepGuesses(before: forgotten), logger: logger)
        try await pool.execute(PostgresWebStatements.sweepTrust(at: now), logger: logger)
    }

    /// `body` in one transaction: committed when it returns, rolled back when it throws (its error is rethrown).
    package func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await pool.transaction(logger: logger, body)
    }

    /// The first row of a query decoded as `T`, or `nil` when there is none.
    private func first<T: PostgresDecodable & Sendable>(_ type: T.Type, _ query: PostgresQuery, on connection: PostgresConnection? = nil) async throws -> T? {
        let read = { @Sendable (rows: PostgresRowSequence) async throws -> T? in
            for try await value in rows.decode(T.self) { return value }
            return nil
        }
        if let connection { return try await read(try await connection.query(query, logger: logger)) }
        return try await pool.query(query, logger: logger, read)
    }

    // MARK: Site key

    package func siteKey(orKeeping fresh: Data) async throws -> Data {
        // Instances starting together: the first insert wins, and every one reads what won.
        try await pool.execute("INSERT INTO web_site_key (id, key) VALUES (1, \(fresh)) ON CONFLICT (id) DO NOTHING", logger: logger)
        guard let kept = try await first(Data.self, "SELECT key FROM web_site_key WHERE id = 1") else {
            throw PostgresWebStoreError("The site key was not kept.")
        }
        return kept
    }

    // MARK: Admin accounts

    package func adminPasswordHash() async throws -> String? {
        try await first(String.self, "SELECT password_hash FROM web_admin_account WHERE id = 1")
    }

    package func saveAdminPasswordHash(_ hash: String, at now: Date) async throws {
        try await pool.execute(
            """
            INSERT INTO web_admin_account (id, password_hash, created_at) VALUES (1, \(hash), \(now))
            ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, created_at = excluded.created_at
            """, logger: logger)
    }

    package func createAdminPasswordHash(_ hash: String, at now: Date) async throws -> Bool {
        try await first(
            Int.self, "INSERT INTO web_admin_account (id, password_hash, created_at) VALUES (1, \(hash), \(now)) ON CONFLICT (id) DO NOTHING RETURNING id"
        ) != nil
    }

    package func addSession(tokenHash: String, createdAt: Date, expiresAt: Date) async throws {
        try await transaction { connection in
            try await connection.query(PostgresWebStatements.deleteExpiredSessions(at: createdAt), logger: logger)
            try await connection.query(
                "INSERT INTO web_admin_session (token_hash, created_at, expires_at) VALUES (\(tokenHash), \(createdAt), \(expiresAt))", logger: logger)
        }
    }

    package func isSessionValid(tokenHash: String, at now: Date) async throws -> Bool {
        try await first(Int.self, PostgresWebStatements.validSession(tokenHash: tokenHash, at: now)) != nil
    }

    package func removeSession(tokenHash: String) async throws {
        try await pool.execute("DELETE FROM web_admin_session WHERE token_hash = \(tokenHash)", logger: logger)
    }

    // MARK: Product passwords

    package func productPasswordHash(productID: Int) async throws -> String? {
        try await first(String.self, "SELECT password_hash FROM web_product_password WHERE product_id = \(productID)")
    }

    package func saveProductPasswordHash(_ hash: String, productID: Int, at now: Date) async throws {
        try await pool.execute(
            """
            INSERT INTO web_product_password (product_id, password_hash, created_at) VALUES (\(productID), \(hash), \(now))
            ON CONFLICT (product_id) DO UPDATE SET password_hash = excluded.password_hash, created_at = excluded.created_at
            """, logger: logger)
    }

    package func removeProductPassword(productID: Int) async throws {
        try await pool.execute("DELETE FROM web_product_password WHERE product_id = \(productID)", logger: logger)
    }

    package func allProductPasswordHashes() async throws -> [Int: String] {
        try await pool.query("SELECT product_id, password_hash FROM web_product_password", logger: logger) { rows in
            var hashes: [Int: String] = [:]
            for try await (id, hash) in rows.decode((Int, String).self) { hashes[id] = hash }
            return hashes
        }
    }

    package func removeAllProductPasswords() async throws {
        try await pool.execute("DELETE FROM web_product_password", logger: logger)
    }

    // MARK: History

    package func events(_ rows: PostgresRowSequence) async throws -> [AuditEventRecord] {
        var events: [AuditEventRecord] = []
        let decoded = rows.decode((Int64, Date, String, String, Int?, String, String, String?, String, String, String?, Int?).self)
        for try await (id, at, actor, action, productID, productName, changes, snapshot, outcome, detail, creationKey, related) in decoded {
            events.append(
                AuditEventRecord(
                    id: id, at: at, actor: actor, action: action, productId: productID, productName: productName, changes: changes,
                    snapshot: snapshot, outcome: outcome, detail: detail, creationKey: creationKey, relatedProductId: related))
        }
        return events
    }

    package func insertEvent(_ event: AuditEventRecord, alongside: AuditAlongside?) async throws -> Int64 {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                WITH event AS (
                    INSERT INTO web_audit_event (at, actor, action, product_id, product_name, changes, snapshot, outcome, detail, creation_key,
                        related_product_id)
                    VALUES (\(event.at), \(event.actor), \(event.action), \(event.productId), \(event.productName), \(event.changes),
                        \(event.snapshot), \(event.outcome), \(event.detail), \(event.creationKey), \(event.relatedProductId))
                    RETURNING id
                ), counted AS (
                    UPDATE web_audit_counter SET total = total + 1 WHERE id = 1
                )
                SELECT id FROM event
                """, logger: logger)
            var inserted: Int64?
            for try await id in rows.decode(Int64.self) { inserted = id }
            guard let id = inserted else { throw PostgresWebStoreError("The history entry was not inserted.") }
            switch alongside {
            case .keepDeleted(let keepsake, let productID, let vendorID)?:
                let until = event.at.addingTimeInterval(DeletedProducts.retention)
                try await connection.query(
                    """
                    INSERT INTO web_kept_product (event_id, product_id, vendor_id, main_position, password_hash, kept_until)
                    VALUES (\(id), \(productID), \(vendorID), \(keepsake.mainPosition), \(keepsake.passwordHash), \(until))
                    """, logger: logger)
                for (position, photo) in keepsake.photos.enumerated() {
                    try await connection.query(
                        "INSERT INTO web_kept_photo (event_id, position, media_type, bytes) VALUES (\(id), \(position), \(photo.mediaType), \(photo.data))",
                        logger: logger)
                }
            case .completeRestore(let eventID, let restoredProductID)?:
                try await connection.query(
                    "UPDATE web_kept_product SET restored_product_id = \(restoredProductID), restored_at = \(event.at) WHERE event_id = \(eventID)",
                    logger: logger)
                try await connection.query("DELETE FROM web_kept_photo WHERE event_id = \(eventID)", logger: logger)
                // The restored product is listed under the seller's nickname again.
                try await connection.query(
                    """
                    INSERT INTO web_seller_name (product_id, name)
                    SELECT \(restoredProductID), name FROM web_seller_name
                    WHERE product_id = (SELECT product_id FROM web_kept_product WHERE event_id = \(eventID))
                    ON CONFLICT (product_id) DO NOTHING
                    """, logger: logger)
            case nil:
                break
            }
            return id
        }
    }

    package func event(id: Int64) async throws -> AuditEventRecord? {
        try await pool.query(PostgresWebStatements.event(id: id), logger: logger) { try await events($0) }.first
    }

    package func completeEvent(id: Int64, productID: Int?, productName: String, changes: String, outcome: String, detail: String) async throws {
        try await pool.execute(
            """
            UPDATE web_audit_event SET product_id = \(productID), product_name = \(productName), changes = \(changes), outcome = \(outcome),
                detail = \(detail)
            WHERE id = \(id)
            """, logger: logger)
    }

    package func pendingEvents() async throws -> [AuditEventRecord] {
        try await pool.query(PostgresWebStatements.pendingEvents, logger: logger) { try await events($0) }
    }

    package func events(productID: Int?, limit: Int, offset: Int) async throws -> (total: Int, events: [AuditEventRecord]) {
        // One snapshot: the total and the page agree.
        try await transaction { connection in
            let total = try await first(Int.self, PostgresWebStatements.eventTotal(productID: productID), on: connection) ?? 0
            let page = PostgresWebStatements.eventPage(productID: productID, limit: limit, offset: offset)
            return (total, try await events(try await connection.query(page, logger: logger)))
        }
    }

    // MARK: Deleted products

    package func keptStates(eventIDs: Set<Int64>, now: Date) async throws -> [Int64: DeletedProducts.State] {
        try await pool.query(PostgresWebStatements.keptStates(eventIDs: eventIDs), logger: logger) { rows in
            var states: [Int64: DeletedProducts.State] = [:]
            for try await (id, until, restoreKey, restored) in rows.decode((Int64, Date, String?, Int?).self) {
                states[id] = DeletedProducts.state(keptUntil: until, restoreKey: restoreKey, restoredProductID: restored, now: now)
            }
            return states
        }
    }

    package func claimKept(eventID: Int64, restoreKey: String, now: Date) async throws -> Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal> {
        let logger = self.logger
        return try await transaction { connection in
            // One statement takes the claim: a racing claim waits for this row, then finds it taken and changes nothing.
            let claimed = try await connection.query(
                """
                UPDATE web_kept_product SET restore_key = \(restoreKey)
                WHERE event_id = \(eventID) AND restored_product_id IS NULL AND restore_key IS NULL AND kept_until > \(now)
                    AND EXISTS (SELECT 1 FROM web_kept_photo WHERE event_id = \(eventID))
                RETURNING product_id, vendor_id, main_position, password_hash
                """, logger: logger)
            var taken: (Int, Int, Int, String?)?
            for try await row in claimed.decode((Int, Int, Int, String?).self) { taken = row }
            guard let (productID, vendorID, mainPosition, passwordHash) = taken else {
                let state = try await connection.query(
                    "SELECT restore_key, restored_product_id FROM web_kept_product WHERE event_id = \(eventID)", logger: logger)
                for try await (restoring, restored) in state.decode((String?, Int?).self) {
                    if let restored { return .failure(.restored(productID: restored)) }
                    if restoring != nil { return .failure(.restoring) }
                }
                return .failure(.notKept)
            }
            var photos: [KeptPhoto] = []
            let rows = try await connection.query(
                "SELECT media_type, bytes FROM web_kept_photo WHERE event_id = \(eventID) ORDER BY position", logger: logger)
            for try await (mediaType, data) in rows.decode((String, Data).self) { photos.append(KeptPhoto(mediaType: mediaType, data: data)) }
            let keepsake = ProductKeepsake(photos: photos, mainPosition: mainPosition, passwordHash: passwordHash)
            return .success(DeletedProducts.Claim(deletedProductID: productID, vendorID: vendorID, keepsake: keepsake, restoreKey: restoreKey))
        }
    }

    package func keptPhoto(eventID: Int64, position: Int, now: Date) async throws -> KeptPhoto? {
        try await pool.query(PostgresWebStatements.keptPhoto(eventID: eventID, position: position, now: now), logger: logger) { rows in
            var found: KeptPhoto?
            for try await (mediaType, data) in rows.decode((String, Data).self) { found = KeptPhoto(mediaType: mediaType, data: data) }
            return found
        }
    }

    package func releaseKept(eventID: Int64) async throws {
        try await pool.execute(
            "UPDATE web_kept_product SET restore_key = NULL WHERE event_id = \(eventID) AND restored_product_id IS NULL", logger: logger)
    }

    package func interruptedRestores() async throws -> [(eventID: Int64, restoreKey: String)] {
        try await pool.query(PostgresWebStatements.interruptedRestores, logger: logger) { rows in
            var found: [(eventID: Int64, restoreKey: String)] = []
            for try await (id, key) in rows.decode((Int64, String).self) { found.append((id, key)) }
            return found
        }
    }

    package func sweepKept(now: Date) async throws -> Int {
        // Each row is deleted by one sweep: another waits for its lock, then finds it gone (or claimed) and skips it.
        try await pool.query(PostgresWebStatements.sweepKept(now: now), logger: logger) { rows in
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    // MARK: Photo drafts

    /// Locks the drafts' total: every change to drafts takes it first, in one order, so none waits on another in a circle.
    private func lockDraftTotal(_ connection: PostgresConnection) async throws -> Int {
        try await first(Int.self, "SELECT bytes FROM web_photo_draft_total WHERE id = 1 FOR UPDATE", on: connection) ?? 0
    }

    /// Deletes drafts by a condition and takes their bytes off the total; how many.
    private func deleteDrafts(_ condition: PostgresQuery, on connection: PostgresConnection) async throws -> Int {
        try await first(Int.self, PostgresWebStatements.deleteDrafts(condition), on: connection) ?? 0
    }

    package func draftPhotos(keyHash: String, ownerHash: String, now: Date) async throws -> [PhotoDrafts.Photo]? {
        try await transaction { connection in
            guard let owner = try await first(
                String.self, "SELECT owner_hash FROM web_photo_draft WHERE key_hash = \(keyHash) AND expires_at > \(now)", on: connection),
                Tokens.equal(owner, ownerHash)
            else { return nil }
            var photos: [PhotoDrafts.Photo] = []
            let rows = try await connection.query(
                "SELECT token, filename, media_type, bytes FROM web_photo_draft_image WHERE draft_key_hash = \(keyHash) ORDER BY position",
                logger: logger)
            for try await (token, filename, mediaType, data) in rows.decode((String, String, String, Data).self) {
                photos.append(PhotoDrafts.Photo(filename: filename, mediaType: mediaType, data: data, token: token))
            }
            return photos
        }
    }

    package func keepDraft(_ photos: [PhotoDrafts.Photo], key: String?, freshKey: String, ownerHash: String, now: Date) async throws -> String? {
        let logger = self.logger
        return try await transaction { connection -> String? in
            _ = try await lockDraftTotal(connection)
            // The visitor's own draft keeps its key; any other key (unknown, swept, someone else's) is not reused.
            var draftKey = freshKey
            if let key {
                let keyHash = PhotoDrafts.digest(key)
                if let owner = try await first(String.self, "SELECT owner_hash FROM web_photo_draft WHERE key_hash = \(keyHash)", on: connection),
                    Tokens.equal(owner, ownerHash) {
                    _ = try await deleteDrafts("key_hash = \(keyHash)", on: connection)
                    draftKey = key
                }
            }
            let added = photos.reduce(0) { $0 + $1.data.count }
            let grown = try await first(
                Int.self, "UPDATE web_photo_draft_total SET bytes = bytes + \(added) WHERE id = 1 AND bytes + \(added) <= \(PhotoDrafts.maxTotalBytes) RETURNING 1",
                on: connection)
            guard grown != nil else { return nil }
            let keyHash = PhotoDrafts.digest(draftKey)
            let expires = now.addingTimeInterval(PhotoDrafts.lifetime)
            try await connection.query(
                "INSERT INTO web_photo_draft (key_hash, owner_hash, expires_at, bytes) VALUES (\(keyHash), \(ownerHash), \(expires), \(added))",
                logger: logger)
            for (position, photo) in photos.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO web_photo_draft_image (draft_key_hash, position, token, filename, media_type, bytes)
                    VALUES (\(keyHash), \(position), \(photo.token), \(photo.filename), \(photo.mediaType), \(photo.data))
                    """, logger: logger)
            }
            // The visitor's oldest drafts past the limit go (the new one expires last).
            _ = try await first(Int.self, PostgresWebStatements.trimDrafts(ownerHash: ownerHash), on: connection)
            return draftKey
        }
    }

    package func draftPhoto(token: String, ownerHash: String, now: Date) async throws -> PhotoDrafts.Photo? {
        try await pool.query(PostgresWebStatements.draftPhoto(token: token, now: now), logger: logger) { rows in
            for try await (owner, filename, mediaType, data) in rows.decode((String, String, String, Data).self) {
                guard Tokens.equal(owner, ownerHash) else { return nil }
                return PhotoDrafts.Photo(filename: filename, mediaType: mediaType, data: data, token: token)
            }
            return nil
        }
    }

    package func discardDraft(keyHash: String, ownerHash: String) async throws {
        try await transaction { connection in
            _ = try await lockDraftTotal(connection)
            guard let owner = try await first(String.self, "SELECT owner_hash FROM web_photo_draft WHERE key_hash = \(keyHash)", on: connection),
                Tokens.equal(owner, ownerHash)
            else { return }
            _ = try await deleteDrafts("key_hash = \(keyHash)", on: connection)
        }
    }

    package func sweepDrafts(now: Date) async throws -> Int {
        try await transaction { connection in
            _ = try await lockDraftTotal(connection)
            return try await first(Int.self, PostgresWebStatements.sweepDrafts(now: now), on: connection) ?? 0
        }
    }

    // MARK: Wrong guesses

    package static let memorySeconds = TimeInterval(GuessThrottle.memory.components.seconds)

    package static func key(_ subject: GuessThrottle.Subject) -> String {
        switch subject {
        case .product(let id): "product:\(id)"
        case .vendor(let identifier): "vendor:\(identifier)"
        case .adminSignIn: "admin"
        case .adminDevice(let device): "admin-device:\(device)"
        case .question(let id): "question:\(id)"
        }
    }

    /// The limits as the functions `web_guess_reserve` and `web_guess_settle` take them: free misses, first delay and
    /// longest delay of the pair, the client and the subject, in that order (the order they lock the rows in).
    package static let limits: [Int] = [GuessThrottle.perClientAndSubject, GuessThrottle.perClient, GuessThrottle.perSubject]
        .flatMap { [$0.freeMisses, $0.firstDelaySeconds, $0.maxDelaySeconds] }

    package func reserve(client clientKey: String, subject: GuessThrottle.Subject) async -> GuessThrottle.Reservation {
        do {
            // One statement: the function locks the three rows in one order, decides and counts before it returns.
            let answer = try await pool.query(
                PostgresWebStatements.reserveGuess(subject: Self.key(subject), client: clientKey), logger: logger
            ) { rows -> (String, Int?)? in
                for try await row in rows.decode((String, Int?).self) { return row }
                return nil
            }
            switch answer {
            case ("granted", _)?: return .granted
            case ("blocked", let seconds)?: return .blocked(seconds: max(1, seconds ?? 1))
            case ("queued", _)?: return .busy(proven: true)
            case ("busy", _)?: return .busy(proven: false)
            default: throw PostgresWebStoreError("web_guess_reserve answered \(String(describing: answer))")
            }
        } catch {
            // Unable to count: refuse the guess rather than let it through unthrottled, as the outage it is.
            logger.error("Reserving a guess failed; refusing it", metadata: ["error": "\(String(reflecting: error))"])
            return .unavailable
        }
    }

    package func settle(client clientKey: String, subject: GuessThrottle.Subject, verdict: GuessThrottle.Verdict) async {
        do {
            try await pool.execute(
                PostgresWebStatements.settleGuess(subject: Self.key(subject), client: clientKey, verdict: verdict.rawValue), logger: logger)
        } catch {
            // The reservation then lapses after `GuessThrottle.reservationLifetime`; a miss is not counted.
            logger.error("Settling a guess failed", metadata: ["error": "\(String(reflecting: error))", "verdict": "\(verdict.rawValue)"])
        }
    }

    package func waitSeconds(client clientKey: String, subject: GuessThrottle.Subject) async -> Int? {
        let subjectKey = Self.key(subject)
        do {
            // The latest block among the pair's, the client's and — unless the client proved this secret lately —
            // the secret's; by primary key, and timed by the server's clock, which every instance shares.
            // No row blocking gives NULL (GREATEST would skip it, so the floor of one second is applied here).
            let seconds = try await first(Int?.self, PostgresWebStatements.guessWait(subject: subjectKey, client: clientKey)) ?? nil
            return seconds.map { max(1, $0) }
        } catch {
            // A look only: the reservation that follows refuses the guess as the outage it is (503), never lets it by.
            logger.error("Reading the guess throttle failed", metadata: ["error": "\(String(reflecting: error))"])
            return nil
        }
    }
}

package struct PostgresWebStoreError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// The statements that read or sweep, as the storage runs them: `PostgresWebQueryPlanTests` explains each, to hold
/// them to their indexes.
package enum PostgresWebStatements {
    package static let eventColumns =
        "id, at, actor, action, product_id, product_name, changes, snapshot, outcome, detail, creation_key, related_product_id"

    package static func validSession(tokenHash: String, at now: Date) -> PostgresQuery {
        "SELECT 1 FROM web_admin_session WHERE token_hash = \(tokenHash) AND expires_at > \(now)"
    }

    package static func deleteExpiredSessions(at now: Date) -> PostgresQuery {
        "DELETE FROM web_admin_session WHERE expires_at < \(now)"
    }

    package static func event(id: Int64) -> PostgresQuery {
        "SELECT \(unescaped: eventColumns) FROM web_audit_event WHERE id = \(id)"
    }

    package static var pendingEvents: PostgresQuery {
        "SELECT \(unescaped: eventColumns) FROM web_audit_event WHERE outcome = 'pending' ORDER BY id"
    }

    /// All events' total from the counter; one product's from its index range.
    package static func eventTotal(productID: Int?) -> PostgresQuery {
        if let productID { return "SELECT count(*) FROM web_audit_event WHERE product_id = \(productID)" }
        return "SELECT total FROM web_audit_counter WHERE id = 1"
    }

    package static func eventPage(productID: Int?, limit: Int, offset: Int) -> PostgresQuery {
        if let productID {
            return "SELECT \(unescaped: eventColumns) FROM web_audit_event WHERE product_id = \(productID) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)"
        }
        return "SELECT \(unescaped: eventColumns) FROM web_audit_event ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)"
    }

    package static func keptStates(eventIDs: Set<Int64>) -> PostgresQuery {
        "SELECT event_id, kept_until, restore_key, restored_product_id FROM web_kept_product WHERE event_id = ANY(\(Array(eventIDs)))"
    }

    /// By both primary keys.
    package static func keptPhoto(eventID: Int64, position: Int, now: Date) -> PostgresQuery {
        """
        SELECT photo.media_type, photo.bytes FROM web_kept_photo photo JOIN web_kept_product kept ON kept.event_id = photo.event_id
        WHERE photo.event_id = \(eventID) AND photo.position = \(Int32(clamping: position)) AND kept.kept_until > \(now)
        """
    }

    package static var interruptedRestores: PostgresQuery {
        "SELECT event_id, restore_key FROM web_kept_product WHERE restore_key IS NOT NULL AND restored_product_id IS NULL ORDER BY event_id"
    }

    /// Each row is deleted by one sweep: another waits for its lock, then finds it gone (or claimed) and skips it.
    package static func sweepKept(now: Date) -> PostgresQuery {
        """
        WITH gone AS (
            DELETE FROM web_kept_product WHERE kept_until <= \(now) AND restored_product_id IS NULL AND restore_key IS NULL RETURNING 1
        )
        SELECT count(*) FROM gone
        """
    }

    package static func draftPhoto(token: String, now: Date) -> PostgresQuery {
        """
        SELECT d.owner_hash, i.filename, i.media_type, i.bytes
        FROM web_photo_draft_image i JOIN web_photo_draft d ON d.key_hash = i.draft_key_hash
        WHERE i.token = \(token) AND d.expires_at > \(now)
        """
    }

    /// Deletes the drafts `condition` selects and takes their bytes off the total, in one statement; how many.
    package static func deleteDrafts(_ condition: PostgresQuery) -> PostgresQuery {
        PostgresQuery(
            unsafeSQL: """
                WITH gone AS (DELETE FROM web_photo_draft WHERE \(condition.sql) RETURNING bytes),
                total AS (UPDATE web_photo_draft_total SET bytes = bytes - (SELECT coalesce(sum(bytes), 0) FROM gone) WHERE id = 1)
                SELECT count(*) FROM gone
                """, binds: condition.binds)
    }

    package static func sweepDrafts(now: Date) -> PostgresQuery {
        deleteDrafts("expires_at <= \(now)")
    }

    /// The owner's oldest drafts past `PhotoDrafts.maxDraftsPerVisitor`.
    package static func trimDrafts(ownerHash: String) -> PostgresQuery {
        deleteDrafts(
            """
            key_hash IN (SELECT key_hash FROM web_photo_draft WHERE owner_hash = \(ownerHash)
                ORDER BY expires_at DESC OFFSET \(PhotoDrafts.maxDraftsPerVisitor))
            """)
    }

    /// The latest block among the pair's, the client's and — unless the client proved this secret lately — the
    /// secret's, in whole seconds (NULL when none blocks); by primary key, timed by the server's clock.
    package static func guessWait(subject: String, client: String) -> PostgresQuery {
        """
        SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::bigint FROM web_guess_miss
        WHERE blocked_until > now() AND (
            (scope = 'pair' AND subject = \(subject) AND client = \(client))
            OR (scope = 'client' AND subject = '' AND client = \(client))
            OR (scope = 'subject' AND subject = \(subject) AND client = ''
                AND NOT EXISTS (SELECT 1 FROM web_guess_trust WHERE subject = \(subject) AND client = \(client) AND until > now())))
        """
    }

    /// Reserves a guess before it is checked (see `PostgresWebSchema.guessReservations`): `granted`, `blocked` with
    /// the seconds to wait, or `busy` (`queued` for a client that proved the secret lately).
    package static func reserveGuess(subject: String, client: String) -> PostgresQuery {
        let memory = Int(PostgresWebStorage.memorySeconds)
        let lifetime = Int(GuessThrottle.reservationLifetime.components.seconds)
        return "SELECT outcome, seconds FROM web_guess_reserve(\(subject), \(client), \(PostgresWebStorage.limits), \(memory), \(lifetime))"
    }

    package static func settleGuess(subject: String, client: String, verdict: String) -> PostgresQuery {
        let memory = Int(PostgresWebStorage.memorySeconds)
        return "SELECT web_guess_settle(\(subject), \(client), \(verdict), \(PostgresWebStorage.limits), \(memory))"
    }

    /// Rows with neither misses to remember nor guesses in flight. Rows another statement holds are left for the
    /// next sweep, so a sweep never waits on a reservation (nor one on it, the other way round).
    package static func sweepGuesses(before forgotten: Date) -> PostgresQuery {
        """
        DELETE FROM web_guess_miss WHERE (scope, subject, client) IN (
            SELECT scope, subject, client FROM web_guess_miss
            WHERE last_miss < \(forgotten) AND pending_until < \(forgotten) FOR UPDATE SKIP LOCKED)
        """
    }

    package static func sweepTrust(at now: Date) -> PostgresQuery {
        "DELETE FROM web_guess_trust WHERE until < \(now)"
    }
}
