import Foundation
import GRDB
import Logging
import OpenMarketCore

extension SQLiteMarket {
    /// What a fill added.
    public struct FillReport: Sendable, Hashable {
        public var products: Int
        public var images: Int
        public var seconds: Double
    }

    static let fillVendorCount = 12

    /// Adds `count` varied products (see `FillGenerator`) for load tests and benchmarks, in transactions of
    /// `batchSize`. Rows go in through plain INSERTs, so the same triggers as for any write keep the search
    /// indexes, counters and rank tables right. Products belong to a dozen "Fill Shop" vendors, created on the
    /// first fill with a random secret nobody knows (the admin can still act as their owner).
    @discardableResult
    public func fill(
        products count: Int, batchSize: Int = 2_000, seed: UInt64 = 0x0DDB_A11,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(OpenMarketError) -> FillReport {
        let started = ContinuousClock.now
        let vendors = try await fillVendors()
        var generator = FillGenerator(seed: seed)
        var written = 0
        var images = 0
        // Dates run from a year ago to now in id order, so "newest" means the same by id and by date.
        let firstDate = Date().addingTimeInterval(-365 * 86_400)
        let step = 365 * 86_400 / Double(max(count, 1))
        // Every insert touches some twenty index and full-text B-trees: a larger page cache on the writer for the
        // duration of the fill saves re-reading their pages from the file system. Put back afterwards.
        let cacheSize = try await write { db in
            let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            try db.execute(sql: "PRAGMA cache_size = -262144")
            return previous
        }
        var failure: OpenMarketError?
        do {
            while written < count {
                let size = min(batchSize, count - written)
                let batch = (0..<size).map { _ in generator.product() }
                let batchStart = firstDate.addingTimeInterval(Double(written) * step)
                images += try await write { db in try Self.insertFill(db, batch, vendors: vendors, firstDate: batchStart, step: step) }
                written += size
                progress?(written)
            }
        } catch {
            failure = error
        }
        _ = try? await write { db in try db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        if let failure { throw failure }
        let elapsed = ContinuousClock.now - started
        logger.info("Filled market", metadata: ["products": "\(written)", "images": "\(images)"])
        return FillReport(
            products: written, images: images,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private static func insertFill(_ db: Database, _ batch: [FillGenerator.Product], vendors: [Int64], firstDate: Date, step: Double) throws -> Int {
        // The short index's words are made here instead of by the insert trigger (see `ShortSearchSchema`);
        // the trigger is back before the transaction commits, so no other writer ever sees it missing.
        try db.execute(sql: "DROP TRIGGER product_short_ai")
        let product = try db.cachedStatement(sql: """
            INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let windows = try db.makeStatement(sql: "INSERT INTO productShortSearch (rowid, windows) VALUES (?, ?)")
        let image = try db.cachedStatement(sql: """
            INSERT INTO productImage (productId, position, key, fileExtension, mediaType, bytes, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        var images = 0
        for (index, item) in batch.enumerated() {
            let createdAt = firstDate.addingTimeInterval(Double(index) * step)
            try product.execute(arguments: [
                vendors[index % vendors.count], item.name, item.description, item.currency, item.priceMinor, item.discountMinor,
                item.stock, createdAt,
            ])
            let id = db.lastInsertedRowID
            try windows.execute(arguments: [id, ShortSearchSchema.document(name: item.name, description: item.description)])
            // No thumbnail id: the first image is the thumbnail, as for any product whose choice is unset.
            for (position, choice) in item.images.enumerated() {
                let picture = FillCatalog.images[choice]
                try image.execute(arguments: [id, position, newImageKey(), picture.fileExtension, picture.mediaType, picture.bytes, createdAt])
                images += 1
            }
        }
        try db.execute(sql: ShortSearchSchema.insertTrigger)
        return images
    }

    private func fillVendors() async throws(OpenMarketError) -> [Int64] {
        let names = (1...Self.fillVendorCount).map { $0 % 2 == 0 ? "Fill Shop \($0)" : "채움 상점 \($0)" }
        let existing = try await read { db in
            try Int64.fetchAll(db, VendorRecord.select(Column("id")).filter(names.contains(VendorRecord.Columns.name)).order(Column("id")))
        }
        if existing.count == names.count { return existing }
        let hash = try await hasher.hash(UUID().uuidString)
        return try await write { db in
            var ids: [Int64] = []
            for name in names {
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM vendor WHERE name = ?", arguments: [name]) {
                    ids.append(id)
                    continue
                }
                var vendor = VendorRecord(id: nil, name: name, identifier: TimeBasedUUID.make(), secretHash: hash, createdAt: Date())
                try vendor.insert(db)
                if let id = vendor.id { ids.append(id) }
            }
            return ids
        }
    }
}
