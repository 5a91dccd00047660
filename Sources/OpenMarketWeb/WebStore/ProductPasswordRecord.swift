import Foundation
import GRDB

/// A row of the front end's own `productPassword` table, used when the market cannot keep product passwords
/// (a remote v2 server): the bcrypt hash of a product's password, by product id.
struct ProductPasswordRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "productPassword"

    var productId: Int
    var passwordHash: String
    var createdAt: Date
}
