/// The OpenMarket v2 operations the web front end needs.
///
/// Two implementations exist: the embedded SQLite market and `OpenMarketClient` talking to a remote server.
/// Both throw only `OpenMarketError`, so callers map one error type whatever the backend.
public protocol OpenMarketAPI: Sendable {
    /// Whether `products(_:)` honours `ProductQuery`'s order and filters. The OpenMarket API has no such
    /// parameters, so a remote market lists newest first whatever they say, and pages offer no such choices.
    var supportsSortingAndFilters: Bool { get }

    /// Succeeds when the market answers its health check.
    func healthCheck() async throws(OpenMarketError)

    /// One page of products, newest first; `nil` when the page lies past the last one (the wire's 204).
    func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage?

    func product(id: Int) async throws(OpenMarketError) -> ProductDetail

    func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail

    func updateProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail

    /// Deletes a product the credentials' vendor owns and returns it as it was.
    func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail
}

extension OpenMarketAPI {
    public var supportsSortingAndFilters: Bool { false }
}
