import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// What the admin console needs from the backend, beyond the storefront's `OpenMarketAPI`: any order and
/// filter, and writes with the authority the admin has in each mode.
package protocol AdminMarket: Sendable {
    func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary])
    func update(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail
    func delete(id: Int) async throws(OpenMarketError) -> ProductDetail
    /// The next batch of every selected product for the CSV export; `next` is `nil` after the last one.
    func exportBatch(_ listing: ProductListing, after cursor: AdminExportCursor?, limit: Int) async throws(OpenMarketError)
        -> (products: [ProductSummary], next: AdminExportCursor?)
}
