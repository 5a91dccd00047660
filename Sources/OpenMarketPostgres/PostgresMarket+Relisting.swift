import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import PostgresNIO

extension PostgresMarket: ProductRelisting, ProductImageReplacing {
    /// The product's photos as served (display images), its main photo and its own password's hash.
    public func keepsake(productID: Int) async throws(OpenMarketError) -> ProductKeepsake {
        let logger = self.logger
        return try await readTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT product_image.id, product_image.media_type, product_image_display.bytes, product.thumbnail_image_id,
                    product_password.password_hash
                FROM product
                JOIN product_image ON product_image.product_id = product.id
                JOIN product_image_display ON product_image_display.image_id = product_image.id
                LEFT JOIN product_password ON product_password.product_id = product.id
                WHERE product.id = \(Int64(productID)) ORDER BY product_image.position
                """, logger: logger
            ).decode((Int64, String, Data, Int64?, String?).self)
            var photos: [KeptPhoto] = []
            var main = 0
            var hash: String?
            for try await (id, mediaType, bytes, thumbnail, passwordHash) in rows {
                if id == thumbnail { main = photos.count }
                photos.append(KeptPhoto(mediaType: mediaType, data: bytes))
                hash = passwordHash
            }
            if photos.isEmpty {
                // Without photos, the password alone; a product that is not there has neither (nothing to restore).
                let found = try await connection.query(
                    "SELECT password_hash FROM product_password WHERE product_id = \(Int64(productID))", logger: logger)
                for try await passwordHash in found.decode(String.self) { hash = passwordHash }
            }
            return ProductKeepsake(photos: photos, mainPosition: main, passwordHash: hash)
        }
    }

    /// Lists a deleted product again, as the vendor it belonged to: the display images stored exactly as kept,
    /// thumbnails made anew, its own password and the creation key in the same transaction. Under `formerID` when
    /// no product holds it: the identity never hands an id out twice, so only a product never deleted could.
    public func relist(
        _ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int?
    ) async throws(OpenMarketError) -> ProductDetail {
        let amounts = try Self.checked(draft)
        let uploads = keepsake.photos.map { ImageUpload(filename: "kept", contentType: $0.mediaType, data: $0.data) }
        try ImageRules.checkBeforeWriting(uploads)
        let logger = self.logger
        let vendors = try await withConnection { connection in
            try await PostgresListing.single(connection, "SELECT count(*) FROM vendor WHERE id = \(Int64(vendorID))", logger: logger)
        }
        guard vendors == 1 else { throw .notFound("Vendor \(vendorID) does not exist.") }
        var images: [ProcessedImage] = []
        for (index, photo) in keepsake.photos.enumerated() {
            var made = try await processed([uploads[index]])[0]
            let format = ImageFormat.allCases.first { $0.mediaType == photo.mediaType } ?? made.display.format
            made.display = ImageVariant(data: photo.data, format: format, width: made.display.width, height: made.display.height)
            images.append(made)
        }
        let product = NewProduct(
            draft: draft, amounts: amounts, images: images, vendorID: Int64(vendorID), createdAt: nil,
            ownPassword: OwnPassword(hash: keepsake.passwordHash, creationKey: creationKey), mainPosition: keepsake.mainPosition,
            formerID: formerID.flatMap { $0 > 0 ? Int64($0) : nil })
        let prefix = configuration.imagePathPrefix
        return try await transaction { connection in
            let productID = try await Self.insert(connection, product, logger: logger)
            guard let detail = try await PostgresProductLoader.detail(connection, id: productID, imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The new product could not be read back.")
            }
            return detail
        }
    }

    /// The photos are checked by the same rules as an upload's before anything is written; then the fields, the
    /// old photos' removal and the new ones are one transaction.
    public func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: images, as: .vendor(credentials), if: nil).written().after
    }
}
