import Foundation
import OpenMarketCore

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
            search: parameters.get("q").map { String($0.prefix(WebLimits.maxSearchCharacters)) },
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

    /// The same list in another order or with other filters: back to the first page, since the old page number
    /// counted other products.
    func with(sort: ProductQuery.Sort) -> ListQuery {
        var copy = self
        copy.sort = sort
        copy.page = 1
        return copy
    }

    func with(inStockOnly: Bool) -> ListQuery {
        var copy = self
        copy.inStockOnly = inStockOnly
        copy.page = 1
        return copy
    }

    func with(currency: Currency?) -> ListQuery {
        var copy = self
        copy.currency = currency
        copy.page = 1
        return copy
    }

    /// What a new search keeps of this list: everything but the words and the page.
    var keptBySearch: [(String, String)] {
        items.filter { $0.0 != "q" && $0.0 != "page" }
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
