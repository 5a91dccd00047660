/// A market that lists one vendor's products, newest first, a page at a time by key. The embedded market can;
/// no OpenMarket API generation lists by vendor, so a front end on a remote market has no seller pages.
public protocol VendorListing: Sendable {
    /// The vendor and one page of its products, at most `limit`; `nil` when no vendor has this id.
    func vendorProducts(vendorID: Int, from start: VendorPageStart, limit: Int) async throws(OpenMarketError) -> VendorProductPage?
}

/// Where a page of a vendor's products starts. Pages are found by key (a product id), not by number, so a
/// page costs the same however deep it is, and a link keeps showing the same products when newer ones arrive.
public enum VendorPageStart: Sendable, Hashable {
    /// The newest products.
    case newest
    /// The products listed before this one (its id), newest first: the next page.
    case olderThan(Int)
    /// The products listed after this one, the nearest first: the previous page. When fewer than a page
    /// are newer, the page is the newest one.
    case newerThan(Int)
}

/// One page of a vendor's products, newest first.
public struct VendorProductPage: Sendable, Hashable {
    public var vendor: ProductDetail.Vendor
    /// The vendor's products in all.
    public var total: Int
    public var products: [ProductSummary]
    public var hasNewer: Bool
    public var hasOlder: Bool

    public init(vendor: ProductDetail.Vendor, total: Int, products: [ProductSummary], hasNewer: Bool, hasOlder: Bool) {
        self.vendor = vendor
        self.total = total
        self.products = products
        self.hasNewer = hasNewer
        self.hasOlder = hasOlder
    }
}

/// A market that reads several products by id at once (the embedded one, in one read); others are asked
/// product by product.
public protocol ProductBatchReading: Sendable {
    /// The products of these ids that exist, in the order of `ids`; ids of no product are left out.
    func summaries(ids: [Int]) async throws(OpenMarketError) -> [ProductSummary]
}
