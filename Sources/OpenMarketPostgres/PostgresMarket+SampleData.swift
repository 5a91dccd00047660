import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import OpenMarketInput
import PostgresNIO

extension PostgresMarket: VendorKeeping, ConsistencyChecking {
    /// From the cell counters the trigger keeps.
    public func productCount() async throws(OpenMarketError) -> Int {
        let logger = self.logger
        return try await withConnection { connection in
            try await PostgresListing.single(connection, "SELECT coalesce(sum(total), 0)::bigint FROM product_cell_counter", logger: logger)
        }
    }

    /// Fills an empty market with the shipped sample products, spread over two vendors. The photos are processed
    /// first; then every product is written in one transaction under an advisory lock, after looking again that
    /// the market is empty: instances starting together on an empty database load the samples once.
    @discardableResult
    public func loadSampleData(from directory: URL, owner: VendorAccount, neighbor: VendorAccount) async throws -> Int {
        guard try await productCount() == 0 else { return 0 }
        let samples = try SampleProduct.load(from: directory)
        for sample in samples {
            try ImageRules.checkCountAndSize(sample.images).mapError { $0.marketError }.get()
        }
        // Every sample's photos are queued at once: one at a time, each would wait its turn behind whatever else the
        // photo workers have queued, and a busy process would take minutes to start.
        let photos = try await withThrowingTaskGroup(of: (Int, [ProcessedImage]).self) { group in
            for (index, sample) in samples.enumerated() {
                group.addTask { (index, try await self.processed(sample.images)) }
            }
            var photos = [[ProcessedImage]](repeating: [], count: samples.count)
            for try await (index, processed) in group { photos[index] = processed }
            return photos
        }
        var products: [NewProduct] = []
        for (sample, images) in zip(samples, photos) {
            let amounts = try Self.checked(sample.draft)
            let vendor = sample.isNeighbors ? neighbor : owner
            products.append(NewProduct(
                draft: sample.draft, amounts: amounts, images: images, vendorID: Int64(vendor.id), createdAt: sample.createdAt))
        }
        let logger = self.logger
        let loaded = try await transaction(limits: pool.limits.unboundedWork) { connection -> Int in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.sampleDataLock))", logger: logger)
            let existing = try await PostgresListing.single(
                connection, "SELECT coalesce(sum(total), 0)::bigint FROM product_cell_counter", logger: logger)
            guard existing == 0 else { return 0 }
            for product in products { _ = try await Self.insert(connection, product, logger: logger) }
            return products.count
        }
        if loaded > 0 { logger.info("Loaded sample products", metadata: ["count": "\(loaded)"]) }
        return loaded
    }

    /// Checks the counters the triggers keep against the rows, and that products spread over the id range are
    /// found by the start of their name (short and trigram searches). Reads every product: not for page views.
    public func consistencyProblems(sample: Int = 200) async throws(OpenMarketError) -> [String] {
        let logger = self.logger
        return try await readTransaction(limits: pool.limits.unboundedWork) { connection in
            var problems: [String] = []
            let cells = try await connection.query(
                """
                SELECT counter.cell, counter.total, (SELECT count(*) FROM product WHERE product.cell = counter.cell)
                FROM product_cell_counter AS counter ORDER BY counter.cell
                """, logger: logger
            ).decode((Int, Int, Int).self)
            for try await (cell, kept, counted) in cells where kept != counted {
                problems.append("cell \(cell): counter says \(kept), the table has \(counted)")
            }
            let vendors = try await connection.query(
                """
                SELECT coalesce(counted.vendor_id, kept.vendor_id), coalesce(kept.total, 0), coalesce(counted.n, 0)
                FROM (SELECT vendor_id, count(*) AS n FROM product GROUP BY vendor_id) AS counted
                FULL JOIN vendor_product_counter AS kept ON kept.vendor_id = counted.vendor_id
                WHERE coalesce(kept.total, 0) != coalesce(counted.n, 0)
                """, logger: logger
            ).decode((Int64, Int, Int).self)
            for try await (vendor, kept, counted) in vendors {
                problems.append("vendor \(vendor): counter says \(kept), the table has \(counted)")
            }
            let total = try await PostgresListing.single(connection, "SELECT count(*) FROM product", logger: logger)
            guard total > 0, sample > 0 else { return problems }
            let step = max(1, total / sample)
            let rows = try await connection.query(
                """
                SELECT id, name FROM (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM product) AS numbered
                WHERE n % \(step) = 0 LIMIT \(sample)
                """, logger: logger
            ).decode((Int64, String).self)
            var named: [(Int64, String)] = []
            for try await row in rows { named.append(row) }
            for (id, name) in named {
                let scalars = Array(name.unicodeScalars)
                for length in [2, 3] where scalars.count >= length {
                    var prefix = ""
                    prefix.unicodeScalars.append(contentsOf: scalars.prefix(length))
                    guard let search = PostgresSearch(prefix), search.expression.text == prefix else { continue }
                    var sql = SQLBuilder("SELECT count(*) FROM product WHERE ")
                    try search.appendCondition(to: &sql)
                    sql.append(" AND product.id = ")
                    try sql.bind(id)
                    if try await PostgresListing.single(connection, sql.query, logger: logger) != 1 {
                        problems.append("search does not find product \(id) by \"\(prefix)\"")
                    }
                }
            }
            return problems
        }
    }
}
