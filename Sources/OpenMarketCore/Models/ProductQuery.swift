import Foundation

/// What a list request asks for: a 1-based page, its size and an optional free-text search.
///
/// The order and filters are honoured by the embedded market; the OpenMarket API has no such parameters,
/// so a remote market lists newest first whatever they say.
public struct ProductQuery: Sendable, Hashable {
    /// The storefront's orders; prices compare what the shopper pays (price − discount) within a currency.
    public enum Sort: String, Sendable, CaseIterable {
        case newest
        case priceAscending = "price_asc"
        case priceDescending = "price_desc"
    }

    public var page: Int
    public var perPage: Int
    public var search: String?
    public var sort: Sort
    public var inStockOnly: Bool
    public var currency: Currency?

    public init(
        page: Int = 1, perPage: Int = 20, search: String? = nil, sort: Sort = .newest, inStockOnly: Bool = false,
        currency: Currency? = nil
    ) {
        self.page = page
        self.perPage = perPage
        let trimmed = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.search = (trimmed?.isEmpty ?? true) ? nil : trimmed
        self.sort = sort
        self.inStockOnly = inStockOnly
        self.currency = currency
    }
}
