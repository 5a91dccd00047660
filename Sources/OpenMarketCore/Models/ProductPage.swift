/// One page of the product list, newest first, with the paging figures the API reports.
public struct ProductPage: Sendable, Hashable {
    /// Who looked for a search's matches, and among what.
    public enum SearchCoverage: Sendable, Hashable {
        /// The market searched, names and descriptions, over all its products.
        case market
        /// The market cannot search (v1): names were matched here, among every one of its `count` products.
        case namesOfAll(count: Int)
        /// The market cannot search (v1): names were matched here among its newest `count` products only.
        case namesOfNewest(count: Int)
    }

    public var pageNo: Int
    public var itemsPerPage: Int
    public var totalCount: Int
    public var products: [ProductSummary]
    /// There are more than `totalCount`: the market stopped counting (a search that matches very many products),
    /// or a v1 server, which never says how many it has, had more after the items read. Show "10,000+".
    public var totalIsCapped: Bool
    public var searchCoverage: SearchCoverage

    public init(
        pageNo: Int, itemsPerPage: Int, totalCount: Int, products: [ProductSummary], totalIsCapped: Bool = false,
        searchCoverage: SearchCoverage = .market
    ) {
        self.searchCoverage = searchCoverage
        self.pageNo = pageNo
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.products = products
        self.totalIsCapped = totalIsCapped
    }

    /// Index of the first item on this page, as the wire's `offset`.
    public var offset: Int { (pageNo - 1) * itemsPerPage }
    /// The wire's `limit` is the end index of the page, not its size.
    public var limit: Int { offset + itemsPerPage }
    public var lastPage: Int { itemsPerPage > 0 ? (totalCount + itemsPerPage - 1) / itemsPerPage : 0 }
    public var hasNext: Bool { pageNo < lastPage }
    public var hasPrev: Bool { pageNo > 1 }
}
