import Foundation
import Hummingbird
import OpenMarketCore
import OpenMarketStore

/// The admin console's paths, for routes and links alike.
enum AdminURL {
    case login
    case loginReturning(to: String)
    case logout
    case products
    case table(AdminTableQuery)
    case product(Int)
    case editProduct(Int)
    case confirmDelete
    case delete
    case history(productID: Int?, page: Int)
    case export(AdminTableQuery)

    var path: String {
        switch self {
        case .login: "/admin/login"
        case .loginReturning(let back): "/admin/login" + query([("next", back)])
        case .logout: "/admin/logout"
        case .products: "/admin/products"
        case .table(let table): "/admin/products" + query(table.items)
        case .product(let id): "/admin/products/\(id)"
        case .editProduct(let id): "/admin/products/\(id)/edit"
        case .confirmDelete: "/admin/products/delete"
        case .delete: "/admin/products/delete/confirm"
        case .history(let productID, let page):
            "/admin/history" + query((productID.map { [("product", String($0))] } ?? []) + (page > 1 ? [("page", String(page))] : []))
        case .export(let table): "/admin/export.csv" + query(table.filterItems)
        }
    }

    private func query(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var components = URLComponents()
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    enum Route {
        static let root: RouterPath = "/admin"
        static let login: RouterPath = "/admin/login"
        static let logout: RouterPath = "/admin/logout"
        static let products: RouterPath = "/admin/products"
        static let product: RouterPath = "/admin/products/:id"
        static let editProduct: RouterPath = "/admin/products/:id/edit"
        static let confirmDelete: RouterPath = "/admin/products/delete"
        static let delete: RouterPath = "/admin/products/delete/confirm"
        static let history: RouterPath = "/admin/history"
        static let export: RouterPath = "/admin/export.csv"
    }
}

/// The admin table's state, all in the URL: search, filters, sort and page.
struct AdminTableQuery: Sendable, Hashable {
    static let perPage = 50

    var listing: ProductListing
    var page: Int

    init(listing: ProductListing = ProductListing(), page: Int = 1) {
        self.listing = listing
        self.page = min(max(1, page), WebLimits.maxPage)
    }

    init(parameters: FormQuery) {
        self.init(
            listing: ProductListing(
                search: parameters.get("q").map { String($0.prefix(100)) },
                sort: parameters.get("sort").flatMap(ProductListing.Sort.init(rawValue:)) ?? .id,
                ascending: parameters.get("dir") == "asc",
                stock: parameters.get("stock").flatMap(ProductListing.StockFilter.init(rawValue:)),
                currency: parameters.get("currency").flatMap { Currency(rawValue: $0) }),
            page: parameters.get("page").flatMap(Int.init) ?? 1)
    }

    var filterItems: [(String, String)] {
        var items: [(String, String)] = []
        if let search = listing.search { items.append(("q", search)) }
        if let stock = listing.stock { items.append(("stock", stock.rawValue)) }
        if let currency = listing.currency { items.append(("currency", currency.rawValue)) }
        if listing.sort != .id { items.append(("sort", listing.sort.rawValue)) }
        if listing.ascending { items.append(("dir", "asc")) }
        return items
    }

    var items: [(String, String)] { filterItems + (page > 1 ? [("page", String(page))] : []) }

    func with(page: Int) -> AdminTableQuery {
        AdminTableQuery(listing: listing, page: page)
    }

    /// Clicking a column sorts by it; clicking the sorted column again reverses the order.
    func sorted(by sort: ProductListing.Sort) -> AdminTableQuery {
        var listing = self.listing
        listing.ascending = listing.sort == sort ? !listing.ascending : (sort == .name || sort == .vendor)
        listing.sort = sort
        return AdminTableQuery(listing: listing, page: 1)
    }
}
