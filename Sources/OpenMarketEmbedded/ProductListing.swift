import Foundation
import OpenMarketCore

/// What the admin console asks of the embedded market: any sort order and filters, and writes on the owner's behalf.
public struct ProductListing: Sendable, Hashable {
    public enum Sort: String, Sendable, CaseIterable {
        case id, name, vendor, price, discount, stock, date
    }

    public enum StockFilter: String, Sendable {
        case inStock = "in", soldOut = "out"
    }

    public var search: String?
    public var sort: Sort
    public var ascending: Bool
    public var stock: StockFilter?
    public var currency: Currency?

    public init(search: String? = nil, sort: Sort = .id, ascending: Bool = false, stock: StockFilter? = nil, currency: Currency? = nil) {
        self.search = search.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.sort = sort
        self.ascending = ascending
        self.stock = stock
        self.currency = currency
    }
}

/// A page of a listing with the number of products it selects.
public struct ListingPage: Sendable, Hashable {
    /// A search reads at most this many matches (newest first); `total` is then this number and capped.
    public static let searchCap = 10_000

    public var total: Int
    /// The search matched more than `searchCap` products and stopped counting: show "10,000+".
    public var totalIsCapped: Bool
    public var products: [ProductSummary]

    public init(total: Int, totalIsCapped: Bool, products: [ProductSummary]) {
        self.total = total
        self.totalIsCapped = totalIsCapped
        self.products = products
    }

    /// The number of the last page for a page size: real, so it can be linked.
    public func lastPage(perPage: Int) -> Int {
        perPage > 0 ? max(1, (total + perPage - 1) / perPage) : 1
    }
}
