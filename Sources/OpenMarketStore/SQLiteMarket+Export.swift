import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket: AdminListing {
    /// The next batch of every product the listing selects, after `cursor` (`nil` for the first batch), for
    /// exports; `next` is `nil` after the last batch.
    ///
    /// Each batch is one short read that continues after the last key of the one before (keyset paging):
    /// no count and no OFFSET per batch, so every batch costs the same and memory stays flat; products
    /// written meanwhile are neither repeated nor skipped unless they move across the cursor. A search is
    /// exported whole (not only its newest `ListingPage.searchCap` matches), ordered by id: newest first, or
    /// oldest first for an ascending id order. Thumbnails are left empty: an export has no photo column.
    public func exportBatch(
        _ listing: ProductListing, after cursor: ExportCursor?, limit: Int
    ) async throws(OpenMarketError) -> (products: [ProductSummary], next: ExportCursor?) {
        let request = ListingRequest(listing)
        let size = max(1, limit)
        let prefix = configuration.imagePathPrefix
        return try await read { db in
            let keys = try Self.exportKeys(db, request, after: cursor?.key(as: ProductPager.Key.self), count: size)
            let ids = keys.compactMap { $0.last.flatMap { Int64.fromDatabaseValue($0) } }
            let products = try ProductLoader.summaries(db, ids: ids, imagePathPrefix: prefix, thumbnails: false)
            return (products, keys.count == size ? keys.last.map { ExportCursor(key: $0) } : nil)
        }
    }

    /// Every product the listing selects, handed to `body` a batch at a time (see `exportBatch`).
    public func exportListing(
        _ listing: ProductListing, batchSize: Int = 1_000, _ body: @Sendable ([ProductSummary]) async throws -> Void
    ) async throws {
        var cursor: ExportCursor?
        repeat {
            let batch = try await exportBatch(listing, after: cursor, limit: batchSize)
            if !batch.products.isEmpty { try await body(batch.products) }
            cursor = batch.next
        } while cursor != nil
    }

    static func exportKeys(_ db: Database, _ request: ListingRequest, after start: ProductPager.Key?, count: Int) throws -> [ProductPager.Key] {
        guard let search = try request.search?.prepared(db) else {
            return try ProductPager(order: request.order, cells: request.cells).keys(db, ascending: request.ascending, after: start, count: count)
        }
        let newestFirst = request.order == .id ? !request.ascending : true
        let sql = search.keysetSQL(newestFirst: newestFirst, hasStart: start != nil, condition: request.cells.condition)
        var arguments = search.arguments
        if let id = start?.last { arguments += [id] }
        arguments += [count]
        return try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { [$0.databaseValue] }
    }
}
