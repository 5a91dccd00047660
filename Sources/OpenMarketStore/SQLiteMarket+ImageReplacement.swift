import Foundation
import GRDB
import OpenMarketCore
import OpenMarketImaging
import OpenMarketInput

extension SQLiteMarket: ProductImageReplacing {
    /// The photos are checked by the same rules as an upload's before anything is written; then the fields, the
    /// old photos' removal and the new ones are one transaction, so a refusal or a crash leaves the product as it was.
    public func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try ImageRules.checkBeforeWriting(images)
        let vendorID = try await authenticate(credentials)
        let processed = try await processed(images)
        let prefix = configuration.imagePathPrefix
        return try await write { db in
            var product = try Self.applyChanges(db, id: id, changes: changes, vendorID: vendorID)
            try ProductImageRecord.filter(ProductImageRecord.Columns.productId == Int64(id)).deleteAll(db)
            product.thumbnailImageId = try Self.insertImages(db, processed, productID: Int64(id), createdAt: Date()).first
            try product.update(db)
            guard let detail = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return detail
        }
    }
}
