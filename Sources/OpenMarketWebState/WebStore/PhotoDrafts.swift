import Foundation
import GRDB
import OpenMarketCore

/// The photos of an upload form that came back with an error (a missing name, a wrong price…), kept in
/// the web store so nobody chooses them twice: browsers empty a file input whenever a page is shown again.
///
/// A draft is named by a random key in the form's hidden field and belongs to the visitor whose CSRF cookie
/// made it, so a key seen by someone else opens nothing. Only SHA-256 digests of both are stored. The photos
/// are the form's accepted ones, already processed to the market's rule, five at most.
package struct PhotoDrafts: Sendable {
    /// How long a draft waits for its form to come back; refreshed by every error, swept after.
    package static let lifetime: TimeInterval = 3600
    /// A draft holds what one product takes.
    package static let maxPhotos = MarketLimits.imageCount.upperBound
    /// A visitor with more drafts than this (several tabs) loses the oldest.
    package static let maxDraftsPerVisitor = 3
    /// Bytes of all drafts together; past it a form's photos are not kept (the page asks to choose them again).
    package static let maxTotalBytes = 256 * 1024 * 1024

    package struct Photo: Sendable, Equatable {
        /// Random; names the photo in its preview URL and its "remove" checkbox.
        package var token: String
        package var filename: String
        package var mediaType: String
        package var data: Data

        package init(filename: String, mediaType: String, data: Data, token: String = PhotoDrafts.newToken()) {
            self.token = token
            self.filename = filename
            self.mediaType = mediaType
            self.data = data
        }
    }

    package struct Draft: Sendable, Equatable {
        package var key: String
        package var photos: [Photo]
    }

    package let storage: any PhotoDraftStorage

    package init(storage: any PhotoDraftStorage) {
        self.storage = storage
    }

    package init(database: any DatabaseWriter) {
        self.init(storage: SQLiteWebStorage(database: database))
    }

    /// The visitor's draft under this key; `nil` when it is unknown, past its time, or someone else's.
    package func load(key: String, owner: String, now: Date = Date()) async throws -> Draft? {
        try await storage.draftPhotos(keyHash: Self.digest(key), ownerHash: Self.digest(owner), now: now).map { Draft(key: key, photos: $0) }
    }

    /// Keeps these photos (the first five) as the visitor's draft: under `key` when that draft is theirs, else
    /// under a new key. `nil` when there is nothing to keep or no room for it.
    package func keep(_ photos: [Photo], key: String?, owner: String, now: Date = Date()) async throws -> Draft? {
        let photos = Array(photos.prefix(Self.maxPhotos))
        guard !photos.isEmpty else {
            if let key { try await discard(key: key, owner: owner) }
            return nil
        }
        let kept = try await storage.keepDraft(photos, key: key, freshKey: Self.newToken(), ownerHash: Self.digest(owner), now: now)
        return kept.map { Draft(key: $0, photos: photos) }
    }

    /// A kept photo for its preview: only for the visitor who owns its draft, and only while it lasts.
    package func photo(token: String, owner: String, now: Date = Date()) async throws -> Photo? {
        try await storage.draftPhoto(token: token, ownerHash: Self.digest(owner), now: now)
    }

    /// Removes the visitor's draft once its photos are listed (or none are left).
    package func discard(key: String, owner: String) async throws {
        try await storage.discardDraft(keyHash: Self.digest(key), ownerHash: Self.digest(owner))
    }

    /// Removes every draft past its time; how many. Runs at start-up and every few minutes (`WebStoreSweeper`),
    /// on every instance: a draft is removed once, by whichever comes first.
    @discardableResult
    package func sweep(now: Date = Date()) async throws -> Int {
        try await storage.sweepDrafts(now: now)
    }

    /// 32 random bytes as 64 hex digits.
    package static func newToken() -> String {
        Tokens.random()
    }

    package static func digest(_ text: String) -> String {
        AdminAccounts.digest(text)
    }
}
