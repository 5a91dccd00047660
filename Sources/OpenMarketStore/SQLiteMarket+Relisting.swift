import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging

extension SQLiteMarket: ProductRelisting {
    /// The product's photos as served, its main photo and its own password's hash, for keeping before a delete.
    public func keepsake(productID: Int) async throws(OpenMarketError) -> ProductKeepsake {
        let stored = try await read { db in
            let product = try ProductRecord.fetchOne(db, key: Int64(productID))
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, key, fileExtension FROM productImage WHERE productId = ? ORDER BY position", arguments: [productID])
            let hash = try String.fetchOne(db, sql: "SELECT passwordHash FROM productPassword WHERE productId = ?", arguments: [productID])
            return StoredPhotos(
                mainImageID: product?.thumbnailImageId,
                files: rows.map { (id: $0["id"], name: "\($0["key"] as String)_origin.\($0["fileExtension"] as String)") }, passwordHash: hash)
        }
        var photos: [KeptPhoto] = []
        // Through `image(named:)`, so a photo stored before processing existed is kept processed, never as uploaded.
        for file in stored.files {
            guard let served = try await image(named: file.name) else {
                throw .storeFailure("Photo \(file.name) of product \(productID) could not be read.")
            }
            photos.append(KeptPhoto(mediaType: served.mediaType, data: served.bytes))
        }
        let main = stored.files.firstIndex { $0.id == stored.mainImageID } ?? 0
        return ProductKeepsake(photos: photos, mainPosition: main, passwordHash: stored.passwordHash)
    }

    private struct StoredPhotos: Sendable {
        var mainImageID: Int64?
        var files: [(id: Int64, name: String)]
        var passwordHash: String?
    }

    /// Lists a deleted product again, as the vendor it belonged to, with the photos it had: their display images
    /// are stored exactly as kept (not encoded again) and their thumbnails made anew. Its own password and the
    /// caller's creation key are written in the same transaction, so a crash leaves either nothing or a product
    /// `productID(creationKey:)` finds. The ids are `AUTOINCREMENT`, never handed out twice, so `formerID` is free
    /// unless the product was never deleted; whether it is free is decided in the insert's transaction.
    public func relist(
        _ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int?
    ) async throws(OpenMarketError) -> ProductDetail {
        let fields = ProductRules.Fields(
            name: draft.name, description: draft.description, price: draft.price, currency: draft.currency,
            discountedPrice: draft.discountedPrice, stock: draft.stock)
        let amounts = try ProductRules.check(fields).get()
        let uploads = keepsake.photos.map { ImageUpload(filename: "kept", contentType: $0.mediaType, data: $0.data) }
        try ImageRules.checkBeforeWriting(uploads)
        let vendorExists = try await read { db in try VendorRecord.exists(db, key: Int64(vendorID)) }
        guard vendorExists else { throw .notFound("Vendor \(vendorID) does not exist.") }
        var images: [ProcessedImage] = []
        for (index, photo) in keepsake.photos.enumerated() {
            var made = try await processed([uploads[index]])[0]
            let format = ImageFormat.allCases.first { $0.mediaType == photo.mediaType } ?? made.display.format
            made.display = ImageVariant(data: photo.data, format: format, width: made.display.width, height: made.display.height)
            images.append(made)
        }
        return try await insert(
            draft, amounts: amounts, images: images, vendorID: Int64(vendorID), createdAt: Date(),
            ownPassword: OwnPassword(hash: keepsake.passwordHash, creationKey: creationKey), mainPosition: keepsake.mainPosition,
            formerID: formerID.flatMap { $0 > 0 ? Int64($0) : nil })
    }
}
