import Foundation
import GRDB

/// A row of `product`. Prices are integers in the currency's minor unit.
struct ProductRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "product"
    static let vendor = belongsTo(VendorRecord.self)
    static let images = hasMany(ProductImageRecord.self).order(ProductImageRecord.Columns.position)

    var id: Int64?
    var vendorId: Int64
    var name: String
    var description: String
    var currency: String
    var priceMinor: Int64
    var discountMinor: Int64
    var stock: Int
    var thumbnailImageId: Int64?
    var createdAt: Date
    /// Chosen by the writer before the product existed, so that it can find out after a crash whether it was made.
    var creationKey: String? = nil

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let vendorId = Column(CodingKeys.vendorId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
