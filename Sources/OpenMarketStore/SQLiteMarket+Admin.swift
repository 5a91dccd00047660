import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket {
    /// One page of products in the listing's order, with the number of products it selects
    /// (for a search, exact up to `ListingPage.searchCap`; see `listingPage` to know whether it was capped).
    public func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary]) {
        let page = try await listingPage(listing, limit: limit, offset: offset)
        return (page.total, page.products)
    }

    /// One page of products in the listing's order. Every order, filter and page number is read through an
    /// index (see `ProductPager`); a search reads at most `ListingPage.searchCap` matches.
    public func listingPage(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> ListingPage {
        let prefix = configuration.imagePathPrefix
        let request = ListingRequest(listing)
        return try await read { db in
            let page = try request.page(db, limit: max(0, limit), offset: max(0, offset))
            let products = try ProductLoader.summaries(db, ids: page.ids, imagePathPrefix: prefix)
            return ListingPage(total: page.total, totalIsCapped: page.isCapped, products: products)
        }
    }

    /// Changes a product on its owner's behalf: for the signed-in admin of this market, who holds no vendor secret.
    public func updateProductAsOwner(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: nil, as: .owner, if: nil).written().after
    }

    /// Deletes a product and its images on its owner's behalf (the admin console's delete).
    public func deleteProductAsOwner(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        return try await write { db in
            guard let detail = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.notFound("Product \(id) does not exist.")
            }
            try ProductRecord.deleteOne(db, key: Int64(id))
            return detail
        }
    }
}
