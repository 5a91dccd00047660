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
    /// And at most this many bytes of their text (names, descriptions, addresses) with their fields: a market's
    /// descriptions can be long, and a thousand pages of twenty would otherwise hold whatever they hold.
    package static let maximumBytes = 6 * 1024 * 1024

    package let market: any OpenMarketAPI & WriteVersioning
    private let pages: WriteVersionedCache<ProductQuery, ProductPage?>
    private let products: WriteVersionedCache<Int, ProductDetail>

    /// `maximumBytes` for the list pages; products take half as much.
    package init(market: any OpenMarketAPI & WriteVersioning, maximumBytes: Int = CachedMarket.maximumBytes) {
        self.market = market
        pages = WriteVersionedCache(capacity: Self.capacity, maximumBytes: maximumBytes) { [market] in market.writeVersion }
        products = WriteVersionedCache(capacity: Self.capacity, maximumBytes: maximumBytes / 2) { [market] in market.writeVersion }
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
        pages.keep(page, bytes: Self.bytes(of: page), for: query, readAt: version)
        return page
    }

    package func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let version = products.version
        if let kept = products.value(id, at: version) { return kept }
        let product = try await market.product(id: id)
        products.keep(product, bytes: Self.bytes(of: product), for: id, readAt: version)
        return product
    }

    /// What a kept answer holds, near enough: its texts' bytes and a fixed share for its other fields.
    static func bytes(of page: ProductPage?) -> Int {
        guard let page else { return 64 }
        return page.products.reduce(128) { total, product in
            total + 160 + product.vendorName.utf8.count + product.name.utf8.count + product.description.utf8.count
                + product.thumbnailURL.utf8.count
        }
    }

    static func bytes(of product: ProductDetail) -> Int {
        product.images.reduce(256 + product.name.utf8.count + product.description.utf8.count + product.thumbnailURL.utf8.count) {
            $0 + 64 + $1.url.utf8.count + $1.thumbnailURL.utf8.count
        } + product.vendor.name.utf8.count
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
