import Foundation
import GRDB
import Logging
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket {
    public typealias FillReport = EmbeddedMarket.FillReport

    /// Adds `count` varied products (see `FillGenerator`) for load tests and benchmarks. Products belong to a
    /// dozen "Fill Shop" vendors, created on the first fill with a random secret nobody knows (the admin can
    /// still act as their owner).
    ///
    /// A small fill goes in through plain INSERTs in transactions of `batchSize`, so the same triggers as for any
    /// write keep the search indexes, counters and rank tables right. A large one (see `bulkFillThreshold`)
    /// would spend its time rewriting the pages of some twenty randomly ordered B-trees, so it runs as one
    /// transaction that sets the product and image tables' indexes and triggers aside, writes the rows, and
    /// then builds everything those would have kept in one pass each (see `bulkInsert`). `bulk` forces either.
    @discardableResult
    public func fill(
        products count: Int, batchSize: Int = 2_000, seed: UInt64 = 0x0DDB_A11, bulk: Bool? = nil,
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
            let existing = try await productCount()
            if bulk ?? (count >= Self.bulkFillThreshold && count * 4 >= existing) {
                let seed = seed
                images = try await write { db in
                    var generator = FillGenerator(seed: seed)
                    return try Self.bulkInsert(
                        db, count: count, generator: &generator, vendors: vendors, firstDate: firstDate, step: step, progress: progress)
                }
                written = count
            }
            while written < count {
                let size = min(batchSize, count - written)
                let batch = (0..<size).map { _ in generator.product() }
                let batchStart = firstDate.addingTimeInterval(Double(written) * step)
                images += try await write { db in try Self.insertFill(db, batch, vendors: vendors, firstDate: batchStart, step: step) }
                written += size
                progress?(written)
            }
            // The new products' words count in the choice of a long search's trigrams.
            try await refreshSearchStatistics()
            try await mergeSearchIndexes()
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

    /// Fills of at least this many products (and a quarter of the market) take the bulk path.
    static let bulkFillThreshold = 20_000

    private static func insertFill(_ db: Database, _ batch: [FillGenerator.Product], vendors: [Int64], firstDate: Date, step: Double) throws -> Int {
        // The short index's words are made here instead of by the insert trigger (see `ShortSearchSchema`);
        // the trigger is back before the transaction commits, so no other writer ever sees it missing.
        try db.execute(sql: "DROP TRIGGER product_short_ai")
        let images = try insertRows(db, batch, vendors: vendors, firstDate: firstDate, step: step)
        try db.execute(sql: ShortSearchSchema.insertTrigger)
        return images
    }

    /// The bulk path, in the caller's transaction: what is set aside is exactly what `sqlite_master` holds
    /// for the two tables, and it is put back from there, so no index or trigger can be forgotten.
    private static func bulkInsert(
        _ db: Database, count: Int, generator: inout FillGenerator, vendors: [Int64], firstDate: Date, step: Double,
        progress: (@Sendable (Int) -> Void)?
    ) throws -> Int {
        try db.execute(sql: "PRAGMA cache_size = -1048576")
        let lastID = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM product") ?? 0
        let setAside = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master
            WHERE tbl_name IN ('product', 'productImage') AND type IN ('index', 'trigger') AND sql IS NOT NULL
            ORDER BY type = 'trigger', name
            """)
        for row in setAside {
            try db.execute(sql: "DROP \((row["type"] as String) == "index" ? "INDEX" : "TRIGGER") \"\(row["name"] as String)\"")
        }
        var written = 0
        var images = 0
        while written < count {
            let size = min(10_000, count - written)
            let batch = (0..<size).map { _ in generator.product() }
            images += try insertRows(db, batch, vendors: vendors, firstDate: firstDate.addingTimeInterval(Double(written) * step), step: step)
            written += size
            progress?(written)
        }
        // What the triggers would have done: the trigram index of the new rows, every index and trigger back,
        // the rank tables rebuilt from the rows, the counters counted.
        try db.execute(
            sql: "INSERT INTO productSearch (rowid, name, description) SELECT id, name, description FROM product WHERE id > ?",
            arguments: [lastID])
        for row in setAside {
            try db.execute(sql: row["sql"] as String)
        }
        for order in ProductOrder.ranked {
            for statement in RankSchema.rebuildStatements(for: order) { try db.execute(sql: statement) }
        }
        try db.execute(sql: "UPDATE productCounter SET total = (SELECT count(*) FROM product) WHERE id = 1")
        try db.execute(sql: "UPDATE productCellCounter SET total = (SELECT count(*) FROM product WHERE product.cell = productCellCounter.cell)")
        try db.execute(sql: VendorCounterSchema.recount)
        return images
    }

    /// Products, their short-index words and their images (no thumbnail id: the first image is the thumbnail,
    /// as for any product whose choice is unset).
    private static func insertRows(_ db: Database, _ batch: [FillGenerator.Product], vendors: [Int64], firstDate: Date, step: Double) throws -> Int {
        let product = try db.cachedStatement(sql: """
            INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let windows = try db.cachedStatement(sql: "INSERT INTO productShortSearch (rowid, windows) VALUES (?, ?)")
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
            for (position, choice) in item.images.enumerated() {
                let picture = FillCatalog.images[choice]
                try image.execute(arguments: [id, position, EmbeddedMarket.newImageKey(), picture.fileExtension, picture.mediaType, picture.bytes, createdAt])
                images += 1
            }
        }
        return images
    }

    private func fillVendors() async throws(OpenMarketError) -> [Int64] {
        let names = (1...EmbeddedMarket.fillVendorCount).map { $0 % 2 == 0 ? "Fill Shop \($0)" : "채움 상점 \($0)" }
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
