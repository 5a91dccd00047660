import Foundation
import GRDB
import OpenMarketCore
import OpenMarketImaging

extension SQLiteMarket: ConditionalProductUpdating {
    /// The secret (bcrypt) and the photos (libvips) are dealt with before the transaction; the product as it is, the
    /// owner, the caller's expectation, the change and the product afterwards are one write transaction, which
    /// SQLite runs alone, so no other write comes between the check and the change.
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
        return try await write { db -> ConditionalUpdate in
            guard let before = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.notFound("Product \(id) does not exist.")
            }
            if let owner, Int64(before.vendorID) != owner {
                throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.")
            }
            if let expected, !expected(before) { return .conflict(current: before) }
            var product = try Self.applyChanges(db, id: id, changes: changes, vendorID: Int64(before.vendorID))
            if let photos {
                try ProductImageRecord.filter(ProductImageRecord.Columns.productId == Int64(id)).deleteAll(db)
                product.thumbnailImageId = try Self.insertImages(db, photos, productID: Int64(id), createdAt: Date()).first
                try product.update(db)
            }
            guard let after = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return .updated(ProductReplacement(before: before, after: after))
        }
    }
}
