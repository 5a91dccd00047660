import Foundation
import GRDB
import OpenMarketCore
import OpenMarketStore

/// Who may edit or delete a product through the storefront.
///
/// A product listed through our form has its own bcrypt-hashed password (kept in `web.sqlite`); then the
/// front end writes to the market with its own vendor credentials. Any other product (sample data, listed
/// by an app) is guarded by the vendor's secret, which the market itself checks.
struct ProductPasswords: Sendable {
    enum Authority: Sendable {
        /// The product's own password matched: act with the front end's vendor credentials.
        case frontEnd(VendorCredentials)
        /// No own password: the typed password is offered to the market as the vendor's secret.
        case vendorSecret(VendorCredentials)
    }

    let database: any DatabaseWriter
    let hasher: SecretHasher
    /// The vendor this front end acts as; `nil` in remote mode without `--identifier`/`--secret`.
    let vendor: VendorCredentials?

    /// The credentials to write with, or `nil` when the password is wrong for the product's own password.
    func authority(productID: Int, password: String) async throws -> Authority? {
        guard let vendor else { throw WebError.writesDisabled }
        let hash = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT passwordHash FROM productPassword WHERE productId = ?", arguments: [productID])
        }
        guard let hash else {
            return .vendorSecret(VendorCredentials(identifier: vendor.identifier, secret: password))
        }
        return await hasher.verify(password, against: hash) ? .frontEnd(vendor) : nil
    }

    func setPassword(_ password: String, productID: Int) async throws {
        let hash = try await hasher.hash(password)
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO productPassword (productId, passwordHash, createdAt) VALUES (?, ?, ?)",
                arguments: [productID, hash, Date()])
        }
    }

    func removePassword(productID: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM productPassword WHERE productId = ?", arguments: [productID])
        }
    }
}
