import Foundation
import GRDB
import OpenMarketCore

/// The photos of an upload form that came back with an error (a missing name, a wrong price…), kept in
/// `web.sqlite` so nobody chooses them twice: browsers empty a file input whenever a page is shown again.
///
/// A draft is named by a random key in the form's hidden field and belongs to the visitor whose CSRF cookie
/// made it, so a key seen by someone else opens nothing. Only SHA-256 digests of both are stored. The photos
/// are the form's accepted ones, already processed to the market's rule, five at most.
struct PhotoDrafts: Sendable {
    /// How long a draft waits for its form to come back; refreshed by every error, swept after.
    static let lifetime: TimeInterval = 3600
    /// A draft holds what one product takes.
    static let maxPhotos = MarketLimits.imageCount.upperBound
    /// A visitor with more drafts than this (several tabs) loses the oldest.
    static let maxDraftsPerVisitor = 3
    /// Bytes of all drafts together; past it a form's photos are not kept (the page asks to choose them again).
    static let maxTotalBytes = 256 * 1024 * 1024

    struct Photo: Sendable, Equatable {
        /// Random; names the photo in its preview URL and its "remove" checkbox.
        var token: String
        var filename: String
        var mediaType: String
        var data: Data

        init(filename: String, mediaType: String, data: Data, token: String = PhotoDrafts.newToken()) {
            self.token = token
            self.filename = filename
            self.mediaType = mediaType
            self.data = data
        }
    }

    struct Draft: Sendable, Equatable {
        var key: String
        var photos: [Photo]
    }

    let database: any DatabaseWriter

    /// The visitor's draft under this key; `nil` when it is unknown, past its time, or someone else's.
    func load(key: String, owner: String, now: Date = Date()) async throws -> Draft? {
        let keyHash = Self.digest(key), ownerHash = Self.digest(owner)
        return try await database.read { db in
            guard let draft = try PhotoDraftRecord.fetchOne(db, key: keyHash), draft.expiresAt > now,
                VisitorMiddleware.constantTimeEquals(draft.ownerHash, ownerHash)
            else { return nil }
            let photos = try PhotoDraftImageRecord.photos(ofDraft: keyHash).fetchAll(db)
            return Draft(key: key, photos: photos.map { Photo(filename: $0.filename, mediaType: $0.mediaType, data: $0.bytes, token: $0.token) })
        }
    }

    /// Keeps these photos (the first five) as the visitor's draft: under `key` when that draft is theirs, else
    /// under a new key. `nil` when there is nothing to keep or no room for it.
    func keep(_ photos: [Photo], key: String?, owner: String, now: Date = Date()) async throws -> Draft? {
        let photos = Array(photos.prefix(Self.maxPhotos))
        guard !photos.isEmpty else {
            if let key { try await discard(key: key, owner: owner) }
            return nil
        }
        let ownerHash = Self.digest(owner)
        let fresh = Self.newToken()
        return try await database.write { db -> Draft? in
            // The visitor's own draft keeps its key; any other key (unknown, swept, someone else's) is not reused.
            var draftKey = fresh
            if let key, let existing = try PhotoDraftRecord.fetchOne(db, key: Self.digest(key)),
                VisitorMiddleware.constantTimeEquals(existing.ownerHash, ownerHash) {
                try existing.delete(db)
                draftKey = key
            }
            let added = photos.reduce(0) { $0 + $1.data.count }
            let total = try Int.fetchOne(db, sql: "SELECT bytes FROM photoDraftTotal WHERE id = 1") ?? 0
            guard total + added <= Self.maxTotalBytes else { return nil }
            let keyHash = Self.digest(draftKey)
            try PhotoDraftRecord(keyHash: keyHash, ownerHash: ownerHash, expiresAt: now.addingTimeInterval(Self.lifetime)).insert(db)
            for (position, photo) in photos.enumerated() {
                try PhotoDraftImageRecord(
                    draftKeyHash: keyHash, position: position, token: photo.token, filename: photo.filename, mediaType: photo.mediaType,
                    bytes: photo.data
                ).insert(db)
            }
            for old in try PhotoDraftRecord.owned(by: ownerHash).fetchAll(db).dropLast(Self.maxDraftsPerVisitor) {
                try old.delete(db)
            }
            return Draft(key: draftKey, photos: photos)
        }
    }

    /// A kept photo for its preview: only for the visitor who owns its draft, and only while it lasts.
    func photo(token: String, owner: String, now: Date = Date()) async throws -> Photo? {
        let ownerHash = Self.digest(owner)
        return try await database.read { db in
            guard let image = try PhotoDraftImageRecord.filter(PhotoDraftImageRecord.Columns.token == token).fetchOne(db),
                let draft = try PhotoDraftRecord.fetchOne(db, key: image.draftKeyHash), draft.expiresAt > now,
                VisitorMiddleware.constantTimeEquals(draft.ownerHash, ownerHash)
            else { return nil }
            return Photo(filename: image.filename, mediaType: image.mediaType, data: image.bytes, token: image.token)
        }
    }

    /// Removes the visitor's draft once its photos are listed (or none are left).
    func discard(key: String, owner: String) async throws {
        let keyHash = Self.digest(key), ownerHash = Self.digest(owner)
        try await database.write { db in
            guard let draft = try PhotoDraftRecord.fetchOne(db, key: keyHash),
                VisitorMiddleware.constantTimeEquals(draft.ownerHash, ownerHash)
            else { return }
            try draft.delete(db)
        }
    }

    /// Removes every draft past its time; how many. Runs at start-up and every few minutes (`WebStoreSweeper`).
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        try await database.write { db in try PhotoDraftRecord.expired(at: now).deleteAll(db) }
    }

    /// 32 random bytes as 64 hex digits.
    static func newToken() -> String {
        VisitorMiddleware.newToken()
    }

    static func digest(_ text: String) -> String {
        AdminAccounts.digest(text)
    }
}
