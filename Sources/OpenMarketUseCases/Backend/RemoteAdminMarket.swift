import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// Remote mode: the OpenMarket API can neither sort nor filter, so every page of the (searched) list is read
/// and ordered here; the admin acts with the configured vendor's credentials, so other vendors' products
/// are refused by the server and reported as such. On a v1 server the vendor's secret is the password of the items
/// this front end listed; an item listed elsewhere has its own, and is reported as another seller's.
package struct RemoteAdminMarket: AdminMarket {
    /// Reading more than this many products for one table view would make the console unusable anyway.
    package static let maxProducts = 10_000
    package static let pageSize = 100

    package let market: any OpenMarketAPI
    package let vendor: VendorCredentials?
    /// The market checks a password per product (v1): a refused secret means the item is someone else's.
    package var productsHaveOwnPasswords = false

    package func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary]) {
        var all: [ProductSummary] = []
        var page = 1
        while all.count < Self.maxProducts, let batch = try await market.products(ProductQuery(page: page, perPage: Self.pageSize, search: listing.search)) {
            all += batch.products
            if !batch.hasNext || batch.products.isEmpty { break }
            page += 1
        }
        let selected = all.filter { product in
            switch listing.stock {
            case .inStock?: if product.stock == 0 { return false }
            case .soldOut?: if product.stock != 0 { return false }
            case nil: break
            }
            return listing.currency.map { $0 == product.currency } ?? true
        }
        let sorted = selected.sorted { lhs, rhs in
            let ordered: Bool? = switch listing.sort {
            case .id: lhs.id == rhs.id ? nil : lhs.id < rhs.id
            case .name: lhs.name == rhs.name ? nil : lhs.name < rhs.name
            case .vendor: lhs.vendorName == rhs.vendorName ? nil : lhs.vendorName < rhs.vendorName
            case .price: lhs.currency != rhs.currency ? nil : (lhs.price == rhs.price ? nil : lhs.price < rhs.price)
            case .discount: lhs.currency != rhs.currency ? nil : (lhs.discountedPrice == rhs.discountedPrice ? nil : lhs.discountedPrice < rhs.discountedPrice)
            case .stock: lhs.stock == rhs.stock ? nil : lhs.stock < rhs.stock
            case .date: lhs.createdAt == rhs.createdAt ? nil : lhs.createdAt < rhs.createdAt
            }
            if (listing.sort == .price || listing.sort == .discount) && lhs.currency != rhs.currency {
                return lhs.currency == .krw
            }
            guard let ordered else { return listing.ascending ? lhs.id < rhs.id : lhs.id > rhs.id }
            return listing.ascending ? ordered : !ordered
        }
        return (sorted.count, Array(sorted.dropFirst(offset).prefix(limit)))
    }

    package func update(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        guard let vendor else { throw .unauthorized("This server has no vendor credentials for writing.") }
        do {
            return try await market.updateProduct(id: id, changes: changes, credentials: vendor)
        } catch {
            throw ownPasswordRefusal(error)
        }
    }

    package func delete(id: Int) async throws(OpenMarketError) -> ProductDetail {
        guard let vendor else { throw .unauthorized("This server has no vendor credentials for writing.") }
        do {
            return try await market.deleteProduct(id: id, credentials: vendor)
        } catch {
            throw ownPasswordRefusal(error)
        }
    }

    /// On a v1 server an item that does not take this front end's secret was listed elsewhere with a password of its
    /// own, which the console does not know: like another vendor's product on v2.
    private func ownPasswordRefusal(_ error: OpenMarketError) -> OpenMarketError {
        guard productsHaveOwnPasswords, case .unauthorized = error else { return error }
        return .forbidden("This item was listed elsewhere with a password of its own; only that password changes it.")
    }

    package func exportBatch(_ listing: ProductListing, after cursor: AdminExportCursor?, limit: Int) async throws(OpenMarketError)
        -> (products: [ProductSummary], next: AdminExportCursor?) {
        let offset: Int = if case .offset(let offset)? = cursor { offset } else { 0 }
        let batch = try await self.listing(listing, limit: limit, offset: offset)
        return (batch.products, batch.products.count == limit ? .offset(offset + limit) : nil)
    }

    package init(market: any OpenMarketAPI, vendor: VendorCredentials?, productsHaveOwnPasswords: Bool = false) {
        self.market = market
        self.vendor = vendor
        self.productsHaveOwnPasswords = productsHaveOwnPasswords
    }
}
