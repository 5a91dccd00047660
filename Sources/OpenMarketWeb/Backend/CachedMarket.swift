import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketStore

/// The embedded market for pages, with its list pages and products kept between writes: a page is read many
/// times for each write, and the read is most of a page view's cost.
///
/// An answer is kept only if no write committed between the start of its read and the moment it is kept
/// (`WriteVersioning.writeVersion`: only a market this process alone writes to, never one shared by instances), and every kept answer is dropped as soon as a write commits, so nothing
/// written through this process is ever served stale. Writes themselves go straight to the market.
final class CachedMarket: OpenMarketAPI {
    /// Kept answers at most; past it the cache starts over, which a few hundred distinct pages never reach.
    static let capacity = 1_024

    private struct Entries {
        var version: UInt64 = 0
        var pages: [ProductQuery: ProductPage?] = [:]
        var products: [Int: ProductDetail] = [:]
    }

    let market: any OpenMarketAPI & WriteVersioning
    private let entries = NIOLockedValueBox(Entries())

    init(market: any OpenMarketAPI & WriteVersioning) {
        self.market = market
    }

    var supportsSortingAndFilters: Bool { market.supportsSortingAndFilters }

    func healthCheck() async throws(OpenMarketError) {
        try await market.healthCheck()
    }

    func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        let version = market.writeVersion
        if let kept = entries.withLockedValue({ $0.version == version ? $0.pages[query] : nil }) { return kept }
        let page = try await market.products(query)
        keep(at: version) { $0.pages[query] = .some(page) }
        return page
    }

    func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let version = market.writeVersion
        if let kept = entries.withLockedValue({ $0.version == version ? $0.products[id] : nil }) { return kept }
        let product = try await market.product(id: id)
        keep(at: version) { $0.products[id] = product }
        return product
    }

    func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await market.createProduct(draft, images: images, credentials: credentials)
    }

    func updateProduct(id: Int, changes: ProductChanges, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        try await market.updateProduct(id: id, changes: changes, credentials: credentials)
    }

    func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        try await market.deleteProduct(id: id, credentials: credentials)
    }

    /// Keeps an answer read at `version`, unless a write has committed since; a newer version empties the cache.
    private func keep(at version: UInt64, _ store: (inout Entries) -> Void) {
        entries.withLockedValue { entries in
            guard version == market.writeVersion else { return }
            if entries.version != version || entries.pages.count + entries.products.count >= Self.capacity {
                entries = Entries(version: version)
            }
            store(&entries)
        }
    }
}
