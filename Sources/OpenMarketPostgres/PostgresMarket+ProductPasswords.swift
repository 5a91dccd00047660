import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

extension PostgresMarket: ProductPasswordKeeping, ProductPasswordAdopting {
    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials, password: String, creationKey: String
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        let hash = try await hasher.hash(password)
        return try await insertProduct(
            draft, images: images, vendorID: vendorID, createdAt: nil, ownPassword: OwnPassword(hash: hash, creationKey: creationKey))
    }

    public func checkProductPassword(id: Int, password: String) async throws(OpenMarketError) -> ProductPasswordCheck {
        let logger = self.logger
        let stored = try await withConnection { connection -> (exists: Bool, hash: String?) in
            let rows = try await connection.query(
                """
                SELECT product_password.password_hash FROM product
                LEFT JOIN product_password ON product_password.product_id = product.id WHERE product.id = \(Int64(id))
                """, logger: logger)
            for try await hash in rows.decode(String?.self) { return (true, hash) }
            return (false, nil)
        }
        guard stored.exists else { throw .notFound("Product \(id) does not exist.") }
        guard let hash = stored.hash else { return .noPassword }
        return await hasher.verify(password, against: hash) ? .matches : .wrong
    }

    public func productID(creationKey: String) async throws(OpenMarketError) -> Int? {
        let logger = self.logger
        let ids = try await withConnection { connection in
            try await PostgresListing.ids(connection, "SELECT id FROM product WHERE creation_key = \(creationKey)", logger: logger)
        }
        return ids.first.map(Int.init)
    }

    public func adoptProductPasswordHashes(_ hashes: [Int: String]) async throws(OpenMarketError) -> Int {
        let logger = self.logger
        let ids = hashes.keys.sorted().map(Int64.init)
        let values = ids.map { hashes[Int($0)] ?? "" }
        return try await transaction { connection in
            try await PostgresListing.single(
                connection,
                """
                WITH adopted AS (
                    INSERT INTO product_password (product_id, password_hash)
                    SELECT given.id, given.hash FROM unnest(\(ids)::bigint[], \(values)::text[]) AS given (id, hash)
                    WHERE EXISTS (SELECT 1 FROM product WHERE product.id = given.id)
                    ON CONFLICT (product_id) DO NOTHING
                    RETURNING 1
                )
                SELECT count(*) FROM adopted
                """, logger: logger)
        }
    }
}
