import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// Embedded mode: sorted and filtered by SQL over indexes; the admin acts as each product's owner.
package struct EmbeddedAdminMarket: AdminMarket {
    package let market: any AdminListing

    package func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary]) {
        let page = try await market.listingPage(listing, limit: limit, offset: offset)
        return (page.total, page.products)
    }

    package func update(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        try await market.updateProductAsOwner(id: id, changes: changes)
    }

    package func delete(id: Int) async throws(OpenMarketError) -> ProductDetail {
        try await market.deleteProductAsOwner(id: id)
    }

    /// By key, batch after batch: no count and no OFFSET per batch.
    package func exportBatch(_ listing: ProductListing, after cursor: AdminExportCursor?, limit: Int) async throws(OpenMarketError)
        -> (products: [ProductSummary], next: AdminExportCursor?) {
        let key: ExportCursor? = if case .key(let key)? = cursor { key } else { nil }
        let batch = try await market.exportBatch(listing, after: key, limit: limit)
        return (batch.products, batch.next.map(AdminExportCursor.key))
    }

    package init(market: any AdminListing) {
        self.market = market
    }
}
