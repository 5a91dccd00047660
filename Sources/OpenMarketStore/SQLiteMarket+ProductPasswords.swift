import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket: ProductPasswordKeeping {
    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials, password: String, creationKey: String
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        let hash = try await hasher.hash(password)
        return try await insertProduct(
            draft, images: images, vendorID: vendorID, createdAt: Date(), ownPassword: .init(hash: hash, creationKey: creationKey))
    }

    public func checkProductPassword(id: Int, password: String) async throws(OpenMarketError) -> ProductPasswordCheck {
        let stored = try await read { db -> (exists: Bool, hash: String?) in
            let exists = try ProductRecord.exists(db, key: Int64(id))
            let hash = try String.fetchOne(db, sql: "SELECT passwordHash FROM productPassword WHERE productId = ?", arguments: [id])
            return (exists, hash)
        }
        guard stored.exists else { throw .notFound("Product \(id) does not exist.") }
        guard let hash = stored.hash else { return .noPassword }
        return await hasher.verify(password, against: hash) ? .matches : .wrong
    }

    public func productID(creationKey: String) async throws(OpenMarketError) -> Int? {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT id FROM product WHERE creationKey = ?", arguments: [creationKey])
        }
    }

    /// Takes over password hashes kept elsewhere before (the front end's own database, before the market kept
    /// them); products that no longer exist are skipped. Returns how many were taken.
    public func adoptProductPasswordHashes(_ hashes: [Int: String]) async throws(OpenMarketError) -> Int {
        try await write { db in
            var adopted = 0
            for (productID, hash) in hashes where try ProductRecord.exists(db, key: Int64(productID)) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO productPassword (productId, passwordHash) VALUES (?, ?)", arguments: [productID, hash])
                adopted += db.changesCount
            }
            return adopted
        }
    }
}

extension SQLiteMarket: ProductPasswordAdopting, WriteVersioning {}
