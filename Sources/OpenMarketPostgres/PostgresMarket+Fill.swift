import Foundation
import Logging
import NIOCore
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

extension PostgresMarket {
    /// Adds `count` varied products (the same generator and tiny shared images as the SQLite fill), for load tests
    /// and benchmarks, owned by a dozen "Fill Shop" vendors whose secret nobody knows. Each batch is one
    /// transaction of a few statements over arrays (`unnest`): the product ids are taken from the identity's
    /// sequence first, so photos can name their product; the triggers keep counters as for any write.
    @discardableResult
    public func fill(
        products count: Int, batchSize: Int = 2_000, seed: UInt64 = 0x0DDB_A11, progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(OpenMarketError) -> EmbeddedMarket.FillReport {
        let started = ContinuousClock.now
        let vendors = try await fillVendors()
        var generator = FillGenerator(seed: seed)
        let firstDate = Date().addingTimeInterval(-365 * 86_400)
        let step = 365 * 86_400 / Double(max(count, 1))
        let logger = self.logger
        var written = 0
        var images = 0
        while written < count {
            let size = min(max(1, batchSize), count - written)
            let batch = (0..<size).map { _ in generator.product() }
            let batchStart = firstDate.addingTimeInterval(Double(written) * step)
            images += try await transaction(limits: pool.limits.unboundedWork) { connection in
                try await Self.insertFill(connection, batch, vendors: vendors, firstDate: batchStart, step: step, logger: logger)
            }
            written += size
            progress?(written)
        }
        let elapsed = ContinuousClock.now - started
        logger.info("Filled market", metadata: ["products": "\(written)", "images": "\(images)"])
        return .init(
            products: written, images: images, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private static func insertFill(
        _ connection: PostgresConnection, _ batch: [FillGenerator.Product], vendors: [Int64], firstDate: Date, step: Double, logger: Logger
    ) async throws -> Int {
        let ids = try await PostgresListing.ids(
            connection, "SELECT nextval(pg_get_serial_sequence('product', 'id')) FROM generate_series(1, \(batch.count))", logger: logger)
        var windows: [String] = []
        for item in batch {
            // A text[] literal of the windows, turned into text[] by the server: one array per product.
            let literal = PostgresSearch.windows(name: item.name, description: item.description).map { window in
                "\"" + window.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            windows.append("{" + literal.joined(separator: ",") + "}")
        }
        let dates = batch.indices.map { firstDate.addingTimeInterval(Double($0) * step) }
        try await connection.query(
            """
            INSERT INTO product (id, vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, search_windows)
            OVERRIDING SYSTEM VALUE
            SELECT id, vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, windows::text[]
            FROM unnest(\(ids), \(batch.indices.map { vendors[$0 % vendors.count] }), \(batch.map(\.name)), \(batch.map(\.description)),
                \(batch.map(\.currency)), \(batch.map(\.priceMinor)), \(batch.map(\.discountMinor)), \(batch.map { Int64($0.stock) }),
                \(dates), \(windows))
                AS fill(id, vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, windows)
            """, logger: logger)
        var productIDs: [Int64] = []
        var positions: [Int32] = []
        var keys: [String] = []
        var choices: [Int32] = []
        var created: [Date] = []
        for (index, item) in batch.enumerated() {
            for (position, choice) in item.images.enumerated() {
                productIDs.append(ids[index])
                positions.append(Int32(position))
                keys.append(EmbeddedMarket.newImageKey())
                choices.append(Int32(choice + 1))
                created.append(dates[index])
            }
        }
        let catalog = FillCatalog.images
        // The metadata rows, then each one's bytes from the catalogue picture it names.
        try await connection.query(
            """
            INSERT INTO product_image (product_id, position, key, file_extension, media_type, created_at)
            SELECT image.product_id, image.position, image.key, catalog.file_extension, catalog.media_type, image.created_at
            FROM unnest(\(productIDs), \(positions), \(keys), \(choices), \(created)) AS image(product_id, position, key, choice, created_at)
            JOIN unnest(\(catalog.map(\.fileExtension)), \(catalog.map(\.mediaType))) WITH ORDINALITY AS catalog(file_extension, media_type, n)
                ON catalog.n = image.choice
            """, logger: logger)
        try await connection.query(
            """
            INSERT INTO product_image_display (image_id, bytes)
            SELECT product_image.id, catalog.bytes
            FROM unnest(\(keys), \(choices)) AS image(key, choice)
            JOIN product_image ON product_image.key = image.key
            JOIN unnest(\(catalog.map { ByteBuffer(bytes: $0.bytes) })) WITH ORDINALITY AS catalog(bytes, n) ON catalog.n = image.choice
            """, logger: logger)
        return keys.count
    }

    /// The fill's vendors, made on the first fill with one random secret nobody keeps.
    private func fillVendors() async throws(OpenMarketError) -> [Int64] {
        let names = (1...EmbeddedMarket.fillVendorCount).map { $0 % 2 == 0 ? "Fill Shop \($0)" : "채움 상점 \($0)" }
        let secret = UUID().uuidString
        var ids: [Int64] = []
        for name in names {
            if let existing = try await vendor(named: name) {
                ids.append(existing)
            } else {
                ids.append(Int64(try await createVendor(name: name, secret: secret).id))
            }
        }
        return ids
    }

    private func vendor(named name: String) async throws(OpenMarketError) -> Int64? {
        let logger = self.logger
        return try await withConnection { connection in
            try await PostgresListing.ids(connection, "SELECT id FROM vendor WHERE name = \(name)", logger: logger).first
        }
    }
}
