import Foundation
import GRDB

/// A row of the front end's own `productPassword` table, used when the market cannot keep product passwords
/// (a remote v2 server): the bcrypt hash of a product's password, by product id.
package struct ProductPasswordRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "productPassword"

    package var productId: Int
    package var passwordHash: String
    package var createdAt: Date
}
