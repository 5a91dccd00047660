import GRDB
import OpenMarketCore

extension SQLiteMarket: VendorListing {
    /// Reads by key through `product_on_vendorId` (vendorId, rowid): one seek and the page's rows, whatever the
    /// page; the total comes from the counter the triggers keep (`VendorCounterSchema`).
    public func vendorProducts(vendorID: Int, from start: VendorPageStart, limit: Int) async throws(OpenMarketError) -> VendorProductPage? {
        guard MarketLimits.itemsPerPage.contains(limit) else {
            throw .malformed("A page holds \(MarketLimits.itemsPerPage.lowerBound)–\(MarketLimits.itemsPerPage.upperBound) products.")
        }
        let prefix = configuration.imagePathPrefix
        return try await read { db -> VendorProductPage? in
            guard let vendor = try VendorRecord.fetchOne(db, key: Int64(vendorID)) else { return nil }
            let keys = try Self.vendorPageKeys(db, vendorID: Int64(vendorID), from: start, limit: limit)
            let total = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT coalesce(sum(total), 0) FROM vendorCellCounter WHERE vendorId = ?"), arguments: [vendorID]) ?? 0
            return VendorProductPage(
                vendor: ProductDetail.Vendor(id: vendorID, name: vendor.name, createdAt: vendor.createdAt), total: total,
                products: try ProductLoader.summaries(db, ids: keys.ids, imagePathPrefix: prefix),
                hasNewer: keys.hasNewer, hasOlder: keys.hasOlder)
        }
    }

    /// The ids of one page, newest first, and whether there are products on either side of it.
    static func vendorPageKeys(
        _ db: Database, vendorID: Int64, from start: VendorPageStart, limit: Int
    ) throws -> (ids: [Int64], hasNewer: Bool, hasOlder: Bool) {
        // One more than a page says whether another page follows in the direction read.
        switch start {
        case .newest:
            let ids = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM product WHERE vendorId = ? ORDER BY id DESC LIMIT ?"), arguments: [vendorID, limit + 1])
            return (Array(ids.prefix(limit)), false, ids.count > limit)
        case .olderThan(let key):
            let ids = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM product WHERE vendorId = ? AND id < ? ORDER BY id DESC LIMIT ?"),
                arguments: [vendorID, key, limit + 1])
            let page = Array(ids.prefix(limit))
            // Past the end of the list (a stale link), the way back is to the newest page.
            let hasNewer = try page.first.map { try hasProduct(db, vendorID: vendorID, ">", $0) }
                ?? hasProduct(db, vendorID: vendorID, ">=", Int64(key))
            return (page, hasNewer, ids.count > limit)
        case .newerThan(let key):
            let ids = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM product WHERE vendorId = ? AND id > ? ORDER BY id ASC LIMIT ?"),
                arguments: [vendorID, key, limit + 1])
            // Fewer than a page after it: the newest page, so a page never shows less than it could.
            guard ids.count > limit else { return try vendorPageKeys(db, vendorID: vendorID, from: .newest, limit: limit) }
            let page = Array(ids.prefix(limit).reversed())
            let hasOlder = try page.last.map { try hasProduct(db, vendorID: vendorID, "<", $0) } ?? false
            return (page, true, hasOlder)
        }
    }

    /// Whether the vendor has a product whose id compares so with `id` (`comparison` is one of ours, never input).
    private static func hasProduct(_ db: Database, vendorID: Int64, _ comparison: String, _ id: Int64) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM product WHERE vendorId = ? AND id \(comparison) ?)"), arguments: [vendorID, id])
            ?? false
    }
}

extension SQLiteMarket: ProductBatchReading {
    /// One read by primary key for all of them, however many ids a visitor's list holds.
    public func summaries(ids: [Int]) async throws(OpenMarketError) -> [ProductSummary] {
        let keys = ids.filter { $0 > 0 }.map(Int64.init)
        guard !keys.isEmpty else { return [] }
        let prefix = configuration.imagePathPrefix
        return try await read { db in try ProductLoader.summaries(db, ids: keys, imagePathPrefix: prefix) }
    }
}
