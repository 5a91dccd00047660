import Foundation
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket: ProductImageReplacing {
    /// The photos are checked by the same rules as an upload's before anything is written; then the fields, the
    /// old photos' removal and the new ones are one transaction, so a refusal or a crash leaves the product as it was.
    public func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: images, as: .vendor(credentials), if: nil).written().after
    }
}
