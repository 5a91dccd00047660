/// A market that keeps a password per product, as the first OpenMarket generation did and as our embedded market
/// does: a product listed with one can be changed and deleted by whoever knows it.
///
/// The product and its password are written in one transaction, so no crash can leave a listing that its
/// seller cannot remove. A creation key, chosen by the caller before the request, names the product until it
/// has an id: after a crash the caller can ask whether the product was made.
public protocol ProductPasswordKeeping: Sendable {
    func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials, password: String, creationKey: String
    ) async throws(OpenMarketError) -> ProductDetail

    func checkProductPassword(id: Int, password: String) async throws(OpenMarketError) -> ProductPasswordCheck

    /// The product made with this creation key, if one was.
    func productID(creationKey: String) async throws(OpenMarketError) -> Int?
}

/// How a typed password relates to a product's own.
public enum ProductPasswordCheck: Sendable, Hashable {
    case matches
    case wrong
    /// The product has no password of its own (listed by an app with the vendor's secret, or sample data).
    case noPassword
}
