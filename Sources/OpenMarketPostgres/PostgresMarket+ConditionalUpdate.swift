import Foundation
import OpenMarketCore
import OpenMarketImaging
import OpenMarketStore
import PostgresNIO

extension PostgresMarket: ConditionalProductUpdating {
    /// The secret (bcrypt) and the photos (libvips) are dealt with before the transaction; in it the product's row is
    /// locked first (`FOR UPDATE`, held until the commit), then read, so the caller's expectation is asked about the
    /// product as the last committed change left it, and no other change of it can commit before this one does.
    public func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload]?, as writer: ProductWriter,
        if expected: (@Sendable (ProductDetail) -> Bool)?
    ) async throws(OpenMarketError) -> ConditionalUpdate {
        if let images { try ImageRules.checkBeforeWriting(images) }
        var vendorID: Int64?
        if case .vendor(let credentials) = writer { vendorID = try await authenticate(credentials) }
        var processed: [ProcessedImage]?
        if let images { processed = try await self.processed(images) }
        let (owner, photos) = (vendorID, processed)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await transaction { connection -> ConditionalUpdate in
            let locked = try await PostgresListing.ids(connection, "SELECT id FROM product WHERE id = \(Int64(id)) FOR UPDATE", logger: logger)
            guard !locked.isEmpty,
                let before = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger)
            else { throw OpenMarketError.notFound("Product \(id) does not exist.") }
            if let owner, Int64(before.vendorID) != owner { throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.") }
            if let expected, !expected(before) { return .conflict(current: before) }
            try await Self.applyChanges(connection, id: id, changes: changes, vendorID: owner, logger: logger)
            if let photos {
                try await connection.query("DELETE FROM product_image WHERE product_id = \(Int64(id))", logger: logger)
                // The first new photo is the main one, whatever the changes named.
                let ids = try await Self.insertImages(connection, photos, productID: Int64(id), logger: logger)
                try await connection.query("UPDATE product SET thumbnail_image_id = \(ids.first) WHERE id = \(Int64(id))", logger: logger)
            }
            guard let after = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return .updated(ProductReplacement(before: before, after: after))
        }
    }
}
