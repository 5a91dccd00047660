/// One page of the product list, newest first, with the paging figures the API reports.
public struct ProductPage: Sendable, Hashable {
    public var pageNo: Int
    public var itemsPerPage: Int
    public var totalCount: Int
    public var products: [ProductSummary]
    /// The market stopped counting at `totalCount` (a search that matches very many products): show "10,000+".
    public var totalIsCapped: Bool

    public init(pageNo: Int, itemsPerPage: Int, totalCount: Int, products: [ProductSummary], totalIsCapped: Bool = false) {
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
