import Foundation
import GRDB

/// A row of `photoDraft`: one visitor's photos kept between an upload form's error and its next submit.
package struct PhotoDraftRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "photoDraft"

    /// SHA-256 of the key the form carries in its hidden field.
    package var keyHash: String
    /// SHA-256 of the visitor's CSRF cookie: the draft is theirs only.
    package var ownerHash: String
    package var expiresAt: Date

    package enum Columns {
        static let ownerHash = Column(CodingKeys.ownerHash)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }

    /// Drafts past their time (served by the index on `expiresAt`).
    package static func expired(at now: Date) -> QueryInterfaceRequest<PhotoDraftRecord> {
        filter(Columns.expiresAt <= now)
    }

    /// One visitor's drafts, oldest first to go (served by the index on `ownerHash`).
    package static func owned(by ownerHash: String) -> QueryInterfaceRequest<PhotoDraftRecord> {
        filter(Columns.ownerHash == ownerHash).order(Columns.expiresAt)
    }
}

/// A row of `photoDraftImage`: one kept photo, already processed to the market's rule.
package struct PhotoDraftImageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "photoDraftImage"

    package var draftKeyHash: String
    package var position: Int
    /// Random; names the photo in its preview URL, which only its owner can open.
    package var token: String
    package var filename: String
    package var mediaType: String
    package var bytes: Data

    package enum Columns {
        static let draftKeyHash = Column(CodingKeys.draftKeyHash)
        static let position = Column(CodingKeys.position)
        package static let token = Column(CodingKeys.token)
    }

    /// A draft's photos in order (served by the primary key).
    package static func photos(ofDraft keyHash: String) -> QueryInterfaceRequest<PhotoDraftImageRecord> {
        filter(Columns.draftKeyHash == keyHash).order(Columns.position)
    }
}
