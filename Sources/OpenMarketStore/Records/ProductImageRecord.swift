import Foundation
import GRDB

/// A row of `productImage`: the photo's bytes live in the same database as the product,
/// so one transaction writes or removes both.
struct ProductImageRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "productImage"

    var id: Int64?
    var productId: Int64
    var position: Int
    /// Random hex, the public name of the image in its URL.
    var key: String
    /// From the kind found in the bytes (`jpg`, `png`, …): the uploader's filename never reaches a URL.
    var fileExtension: String
    /// Decided from the bytes, never from what the sender claimed.
    var mediaType: String
    var bytes: Data
    var createdAt: Date
    /// When the bytes became the processed display image; `nil` for photos stored before processing existed.
    var processedAt: Date?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let productId = Column(CodingKeys.productId)
        static let position = Column(CodingKeys.position)
        static let key = Column(CodingKeys.key)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
