import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// The embedded market for pages, with its list pages and products kept between writes: a page is read many
/// times for each write, and the read is most of a page view's cost.
///
/// Kept answers follow `WriteVersionedCache`: dropped as soon as a write commits (`WriteVersioning.writeVersion`:
/// SQLite's count of its commits; on PostgreSQL the write feed's version, stepped by this instance's commits at
/// once and by other instances' at their notification, and kept nothing while the feed is not listening), so
/// nothing written through this process is ever served stale. Writes themselves go straight to the market.
package final class CachedMarket: OpenMarketAPI {
    /// Kept list pages and products at most; past it the cache starts over, which a few hundred distinct pages
    /// never reach.
    package static let capacity = 1_024

    package let market: any OpenMarketAPI & WriteVersioning
    private let pages: WriteVersionedCache<ProductQuery, ProductPage?>
    private let products: WriteVersionedCache<Int, ProductDetail>

    package init(market: any OpenMarketAPI & WriteVersioning) {
        self.market = market
        pages = WriteVersionedCache(capacity: Self.capacity) { [market] in market.writeVersion }
        products = WriteVersionedCache(capacity: Self.capacity) { [market] in market.writeVersion }
    }

    package var supportsSortingAndFilters: Bool { market.supportsSortingAndFilters }

    /// How many list pages and products are kept (for tests).
    package var keptCount: Int { pages.count + products.count }

    package func healthCheck() async throws(OpenMarketError) {
        try await market.healthCheck()
    }

    package func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        let version = pages.version
        if let kept = pages.value(query, at: version) { return kept }
        let page = try await market.products(query)
        pages.keep(page, for: query, readAt: version)
        return page
    }

    package func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let version = products.version
        if let kept = products.value(id, at: version) { return kept }
        let product = try await market.product(id: id)
        products.keep(product, for: id, readAt: version)
        return product
    }

    package func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await market.createProduct(draft, images: images, credentials: credentials)
    }

    package func updateProduct(id: Int, changes: ProductChanges, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        try await market.updateProduct(id: id, changes: changes, credentials: credentials)
    }

    package func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        try await market.deleteProduct(id: id, credentials: credentials)
    }
}
