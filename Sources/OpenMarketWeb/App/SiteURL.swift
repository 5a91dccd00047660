import Foundation
import Hummingbird
import OpenMarketCore

/// Every path of the site, used both to register routes and to build links, so the two cannot drift apart.
public enum SiteURL {
    case home
    case healthChecker
    case apiProducts
    case apiProduct(Int)
    case image(String)
    case products(ListQuery)
    case product(Int, photo: Int? = nil)
    case newProduct
    case editProduct(Int)
    case deleteProduct(Int)
    case language(Language, returnTo: String)

    public var path: String {
        switch self {
        case .home: "/"
        case .healthChecker: "/healthChecker"
        case .apiProducts: "/api/products"
        case .apiProduct(let id): "/api/products/\(id)"
        case .image(let fileName): "/images/\(fileName)"
        case .products(let query): "/products" + Self.queryString(query.items)
        case .product(let id, let photo): "/products/\(id)" + (photo.map { "?photo=\($0)#gallery" } ?? "")
        case .newProduct: "/products/new"
        case .editProduct(let id): "/products/\(id)/edit"
        case .deleteProduct(let id): "/products/\(id)/delete"
        case .language(let language, let returnTo):
            "/language/\(language.rawValue)" + Self.queryString([("return", returnTo)])
        }
    }

    /// The market API answers in JSON, everything else in HTML.
    static func isAPI(_ path: String) -> Bool {
        path == healthChecker.path || path == "/api" || path.hasPrefix("/api/")
    }

    private static func queryString(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var components = URLComponents()
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` would read back as a space.
        return "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    /// Route patterns, named after the cases whose paths they match.
    enum Route {
        static let home: RouterPath = "/"
        static let healthChecker: RouterPath = "/healthChecker"
        static let apiProducts: RouterPath = "/api/products"
        static let apiProduct: RouterPath = "/api/products/:id"
        static let apiProductArchived: RouterPath = "/api/products/:id/archived"
        static let apiProductSecret: RouterPath = "/api/products/:id/secret"
        static let apiProductToken: RouterPath = "/api/products/:id/:token"
        static let image: RouterPath = "/images/:file"
        static let products: RouterPath = "/products"
        static let product: RouterPath = "/products/:id"
        static let newProduct: RouterPath = "/products/new"
        static let editProduct: RouterPath = "/products/:id/edit"
        static let deleteProduct: RouterPath = "/products/:id/delete"
        static let language: RouterPath = "/language/:code"
    }
}

/// The storefront list's state, all of it in the URL so back, reload and shared links land on the same spot.
public struct ListQuery: Sendable, Hashable {
    public static let perPageRange = 10...100
    public static let defaultPerPage = 20

    public var page: Int
    public var perPage: Int
    public var view: ListView?
    public var search: String?
    /// `sort=newest|price_asc|price_desc`, `stock=in`, `currency=KRW|USD`: honoured by the embedded market.
    public var sort: ProductQuery.Sort
    public var inStockOnly: Bool
    public var currency: Currency?

    public init(
        page: Int = 1, perPage: Int = ListQuery.defaultPerPage, view: ListView? = nil, search: String? = nil,
        sort: ProductQuery.Sort = .newest, inStockOnly: Bool = false, currency: Currency? = nil
    ) {
        self.page = min(max(1, page), WebLimits.maxPage)
        self.perPage = min(max(perPage, Self.perPageRange.lowerBound), Self.perPageRange.upperBound)
        self.view = view
        self.search = search.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        self.sort = sort
        self.inStockOnly = inStockOnly
        self.currency = currency
    }

    /// Reads `?page=&per_page=&view=&q=&sort=&stock=&currency=` leniently: nonsense falls back to defaults.
    init(parameters: FormQuery) {
        self.init(
            page: parameters.get("page").flatMap(Int.init) ?? 1,
            perPage: parameters.get("per_page").flatMap(Int.init) ?? Self.defaultPerPage,
            view: parameters.get("view").flatMap(ListView.init(rawValue:)),
            search: parameters.get("q").map { String($0.prefix(100)) },
            sort: parameters.get("sort").flatMap(ProductQuery.Sort.init(rawValue:)) ?? .newest,
            inStockOnly: parameters.get("stock") == "in",
            currency: parameters.get("currency").flatMap { Currency(rawValue: $0) })
    }

    /// What the market is asked for this list.
    var productQuery: ProductQuery {
        ProductQuery(page: page, perPage: perPage, search: search, sort: sort, inStockOnly: inStockOnly, currency: currency)
    }

    func with(page: Int? = nil, view: ListView? = nil) -> ListQuery {
        var copy = self
        if let page { copy.page = page }
        if let view { copy.view = view }
        return copy
    }

    var items: [(String, String)] {
        var items: [(String, String)] = []
        if let search { items.append(("q", search)) }
        if page != 1 { items.append(("page", String(page))) }
        if perPage != Self.defaultPerPage { items.append(("per_page", String(perPage))) }
        if let view { items.append(("view", view.rawValue)) }
        if sort != .newest { items.append(("sort", sort.rawValue)) }
        if inStockOnly { items.append(("stock", "in")) }
        if let currency { items.append(("currency", currency.rawValue)) }
        return items
    }
}
