import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// The admin table's state, all in the URL: search, filters, sort and page.
struct AdminTableQuery: Sendable, Hashable {
    static let perPage = 50

    var listing: ProductListing
    var page: Int
    /// The "deleted" filter: products deleted through this front end that staff can still restore, instead of the
    /// market's products (`status=deleted`).
    var showsDeleted: Bool

    init(listing: ProductListing = ProductListing(), page: Int = 1, showsDeleted: Bool = false) {
        self.listing = listing
        self.page = min(max(1, page), WebLimits.maxPage)
        self.showsDeleted = showsDeleted
    }

    init(parameters: FormQuery) {
        self.init(
            listing: ProductListing(
                search: parameters.get("q").map { String($0.prefix(WebLimits.maxSearchCharacters)) },
                sort: parameters.get("sort").flatMap(ProductListing.Sort.init(rawValue:)) ?? .id,
                ascending: parameters.get("dir") == "asc",
                stock: parameters.get("stock").flatMap(ProductListing.StockFilter.init(rawValue:)),
                currency: parameters.get("currency").flatMap { Currency(rawValue: $0) }),
            page: parameters.get("page").flatMap(Int.init) ?? 1, showsDeleted: parameters.get("status") == "deleted")
    }

    var filterItems: [(String, String)] {
        var items: [(String, String)] = []
        if let search = listing.search { items.append(("q", search)) }
        if let stock = listing.stock { items.append(("stock", stock.rawValue)) }
        if let currency = listing.currency { items.append(("currency", currency.rawValue)) }
        if listing.sort != .id { items.append(("sort", listing.sort.rawValue)) }
        if listing.ascending { items.append(("dir", "asc")) }
        if showsDeleted { items.append(("status", "deleted")) }
        return items
    }

    var items: [(String, String)] { filterItems + (page > 1 ? [("page", String(page))] : []) }

    func with(page: Int) -> AdminTableQuery {
        AdminTableQuery(listing: listing, page: page, showsDeleted: showsDeleted)
    }

    /// The same search and filters, on sale or deleted, from the first page.
    func with(showsDeleted: Bool) -> AdminTableQuery {
        AdminTableQuery(listing: listing, page: 1, showsDeleted: showsDeleted)
    }

    /// Clicking a column sorts by it; clicking the sorted column again reverses the order.
    func sorted(by sort: ProductListing.Sort) -> AdminTableQuery {
        var listing = self.listing
        listing.ascending = listing.sort == sort ? !listing.ascending : (sort == .name || sort == .vendor)
        listing.sort = sort
        return AdminTableQuery(listing: listing, page: 1)
    }
}
