import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import PostgresNIO

extension PostgresMarket: ConditionalProductUpdating {
    /// The secret (bcrypt) and the photos (libvips) are dealt with before the transaction; in it the product's row is
    /// locked first (`FOR UPDATE`, held until the commit), then read, so the caller's expectation is asked about the
    /// product as the last committed change left it, and no other change of it can commit before this one does.
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
        let logger = self.logger
        return try await transaction { connection -> ConditionalUpdate in
            let locked = try await PostgresListing.ids(connection, "SELECT id FROM product WHERE id = \(Int64(id)) FOR UPDATE", logger: logger)
            guard !locked.isEmpty,
                let before = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger)
            else { throw OpenMarketError.notFound("Product \(id) does not exist.") }
            if let owner, Int64(before.vendorID) != owner { throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.") }
            if let expected, !expected(before) { return .conflict(current: before) }
            if let arrangement, !arrangement.keeps(onlyPhotosOf: before) { return .conflict(current: before) }
            try await Self.applyChanges(connection, id: id, changes: changes, vendorID: owner, logger: logger)
            if let arrangement { try await Self.arrange(connection, productID: Int64(id), arrangement, newPhotos: photos, logger: logger) }
            guard let after = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return .updated(ProductReplacement(before: before, after: after))
        }
    }

    /// Deletes the photos the arrangement leaves out, moves the kept ones to their places and inserts the new ones
    /// at theirs (each kept photo checked to be the product's before), then names the main one.
    private static func arrange(
        _ connection: PostgresConnection, productID: Int64, _ arrangement: PhotoArrangement, newPhotos: [ProcessedImage], logger: Logger
    ) async throws {
        let kept = arrangement.keptIDs.map(Int64.init)
        try await connection.query("DELETE FROM product_image WHERE product_id = \(productID) AND NOT (id = ANY(\(kept)))", logger: logger)
        // Out of the way of the unique (product_id, position) first, then each photo to its place.
        try await connection.query("UPDATE product_image SET position = -1 - position WHERE product_id = \(productID)", logger: logger)
        var ids: [Int64] = []
        var fresh = newPhotos.makeIterator()
        for (position, photo) in arrangement.photos.enumerated() {
            switch photo {
            case .kept(let imageID):
                try await connection.query("UPDATE product_image SET position = \(position) WHERE id = \(Int64(imageID))", logger: logger)
                ids.append(Int64(imageID))
            case .added:
                guard let image = fresh.next() else { throw OpenMarketError.storeFailure("A new photo was not processed.") }
                ids.append(try await insertImage(connection, image, productID: productID, position: position, logger: logger))
            }
        }
        try await connection.query("UPDATE product SET thumbnail_image_id = \(ids[arrangement.main]) WHERE id = \(productID)", logger: logger)
    }
}
