import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging

extension SQLiteMarket: ConditionalProductUpdating {
    /// The secret (bcrypt) and the photos (libvips) are dealt with before the transaction; the product as it is, the
    /// owner, the caller's expectation, the change and the product afterwards are one write transaction, which
    /// SQLite runs alone, so no other write comes between the check and the change.
    public func updateProduct(
        id: Int, changes: ProductChanges, arranging arrangement: PhotoArrangement?, as writer: ProductWriter,
        if expected: (@Sendable (ProductDetail) -> Bool)?
    ) async throws(OpenMarketError) -> ConditionalUpdate {
        try arrangement?.checkBeforeWriting()
        var vendorID: Int64?
        if case .vendor(let credentials) = writer { vendorID = try await authenticate(credentials) }
        var processed: [ProcessedImage] = []
        if let arrangement { processed = try await self.processed(arrangement.added) }
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
            if let arrangement, !arrangement.keeps(onlyPhotosOf: before) { return .conflict(current: before) }
            var product = try Self.applyChanges(db, id: id, changes: changes, vendorID: Int64(before.vendorID))
            if let arrangement { try Self.arrange(db, productID: Int64(id), arrangement, newPhotos: photos, product: &product) }
            guard let after = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return .updated(ProductReplacement(before: before, after: after))
        }
    }

    /// Deletes the photos the arrangement leaves out, moves the kept ones to their places and inserts the new ones
    /// at theirs (each kept photo checked to be the product's before).
    private static func arrange(
        _ db: Database, productID: Int64, _ arrangement: PhotoArrangement, newPhotos: [ProcessedImage], product: inout ProductRecord
    ) throws {
        let existing = Set(try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM productImage WHERE productId = ?"), arguments: [productID]))
        let kept = arrangement.keptIDs.map(Int64.init)
        for removed in existing.subtracting(kept) {
            try db.execute(sql: "DELETE FROM productImage WHERE id = ?", arguments: [removed])
        }
        // Out of the way of the unique (productId, position) first, then each photo to its place.
        try db.execute(sql: "UPDATE productImage SET position = -1 - position WHERE productId = ?", arguments: [productID])
        var ids: [Int64] = []
        var fresh = newPhotos.makeIterator()
        let now = Date()
        for (position, photo) in arrangement.photos.enumerated() {
            switch photo {
            case .kept(let imageID):
                try db.execute(sql: "UPDATE productImage SET position = ? WHERE id = ?", arguments: [position, imageID])
                ids.append(Int64(imageID))
            case .added:
                guard let image = fresh.next() else { throw OpenMarketError.storeFailure("A new photo was not processed.") }
                ids.append(try insertImage(db, image, productID: productID, position: position, createdAt: now))
            }
        }
        product.thumbnailImageId = ids[arrangement.main]
        try product.update(db)
    }
}
