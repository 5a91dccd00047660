/// A market whose products' photos can be replaced after upload, as the first OpenMarket generation allowed
/// (`PATCH /item/{id}` with `images[]`). The v2 API cannot: its PATCH is JSON.
public protocol ProductImageReplacing: Sendable {
    /// Applies `changes` and puts `images` in place of every photo the product had, in one transaction: afterwards
    /// the product has all of the new fields and photos, or it is as it was.
    func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail
}
