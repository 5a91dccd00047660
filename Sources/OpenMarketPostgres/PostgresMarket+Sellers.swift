import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

extension PostgresMarket: VendorListing, ProductBatchReading {
    /// Reads by key through `product_on_vendor_id_id` (vendor_id, id), whatever the page; the total comes from the
    /// counter the trigger keeps (`vendor_product_counter`).
    public func vendorProducts(vendorID: Int, from start: VendorPageStart, limit: Int) async throws(OpenMarketError) -> VendorProductPage? {
        guard MarketLimits.itemsPerPage.contains(limit) else {
            throw .malformed("A page holds \(MarketLimits.itemsPerPage.lowerBound)–\(MarketLimits.itemsPerPage.upperBound) products.")
        }
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        let vendor = Int64(vendorID)
        return try await readTransaction { connection -> VendorProductPage? in
            let rows = try await connection.query("SELECT name, created_at FROM vendor WHERE id = \(vendor)", logger: logger)
            var found: (String, Date)?
            for try await row in rows.decode((String, Date).self) { found = row }
            guard let (name, createdAt) = found else { return nil }
            let keys = try await Self.vendorPageKeys(connection, vendorID: vendor, from: start, limit: limit, logger: logger)
            let total = try await PostgresListing.single(
                connection, "SELECT coalesce(sum(total), 0)::bigint FROM vendor_product_counter WHERE vendor_id = \(vendor)", logger: logger)
            return VendorProductPage(
                vendor: ProductDetail.Vendor(id: vendorID, name: name, createdAt: createdAt), total: total,
                products: try await PostgresProductLoader.summaries(connection, ids: keys.ids, imagePathPrefix: prefix, logger: logger),
                hasNewer: keys.hasNewer, hasOlder: keys.hasOlder)
        }
    }

    /// The ids of one page, newest first, and whether there are products on either side of it.
    static func vendorPageKeys(
        _ connection: PostgresConnection, vendorID: Int64, from start: VendorPageStart, limit: Int, logger: Logger
    ) async throws -> (ids: [Int64], hasNewer: Bool, hasOlder: Bool) {
        // One more than a page says whether another page follows in the direction read.
        let more = limit + 1
        switch start {
        case .newest:
            let ids = try await PostgresListing.ids(
                connection, "SELECT id FROM product WHERE vendor_id = \(vendorID) ORDER BY id DESC LIMIT \(more)", logger: logger)
            return (Array(ids.prefix(limit)), false, ids.count > limit)
        case .olderThan(let key):
            let ids = try await PostgresListing.ids(
                connection, "SELECT id FROM product WHERE vendor_id = \(vendorID) AND id < \(Int64(key)) ORDER BY id DESC LIMIT \(more)",
                logger: logger)
            let page = Array(ids.prefix(limit))
            // Past the end of the list (a stale link), the way back is to the newest page.
            let hasNewer = if let first = page.first {
                try await hasProduct(connection, vendorID: vendorID, newerThan: first, logger: logger)
            } else {
                try await hasProduct(connection, vendorID: vendorID, newerThan: Int64(key) - 1, logger: logger)
            }
            return (page, hasNewer, ids.count > limit)
        case .newerThan(let key):
            let ids = try await PostgresListing.ids(
                connection, "SELECT id FROM product WHERE vendor_id = \(vendorID) AND id > \(Int64(key)) ORDER BY id ASC LIMIT \(more)",
                logger: logger)
            // Fewer than a page after it: the newest page, so a page never shows less than it could.
            guard ids.count > limit else { return try await vendorPageKeys(connection, vendorID: vendorID, from: .newest, limit: limit, logger: logger) }
            let page = Array(ids.prefix(limit).reversed())
            let hasOlder = if let last = page.last {
                try await PostgresListing.single(
                    connection, "SELECT count(*) FROM (SELECT 1 FROM product WHERE vendor_id = \(vendorID) AND id < \(last) LIMIT 1) AS one",
                    logger: logger) > 0
            } else {
                false
            }
            return (page, true, hasOlder)
        }
    }

    private static func hasProduct(_ connection: PostgresConnection, vendorID: Int64, newerThan id: Int64, logger: Logger) async throws -> Bool {
        try await PostgresListing.single(
            connection, "SELECT count(*) FROM (SELECT 1 FROM product WHERE vendor_id = \(vendorID) AND id > \(id) LIMIT 1) AS one",
            logger: logger) > 0
    }

    /// One read by primary key for all of them.
    public func summaries(ids: [Int]) async throws(OpenMarketError) -> [ProductSummary] {
        let keys = ids.filter { $0 > 0 }.map(Int64.init)
        guard !keys.isEmpty else { return [] }
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await readTransaction { connection in
            try await PostgresProductLoader.summaries(connection, ids: keys, imagePathPrefix: prefix, logger: logger)
        }
    }
}
