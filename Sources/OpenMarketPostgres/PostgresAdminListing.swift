import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

/// The admin console's listing on PostgreSQL, with the embedded market's semantics (`ProductListing`): seven orders
/// in both directions, each ending with the id, filtered by stock and currency, optionally searched (the newest
/// `PostgresSearch.cap` matches, as in SQLite). Text orders compare code points (`COLLATE "C"`), as SQLite does.
///
/// Pages are read with OFFSET through the order's index (the schema has one per order), so a deep page reads the
/// rows before it, except in the id order (the console's default, newest first): there a deep page finds its block
/// of ids by the counts per block (`product_id_bucket`) and reads at most one block's rows before its own. The
/// total of an unsearched listing comes from the cell counters, never from counting rows.
struct PostgresAdminListing: Sendable {
    enum KeyKind: Sendable {
        case integer, text, date
    }

    struct Column: Sendable {
        var expression: String
        var kind: KeyKind
    }

    var sort: ProductListing.Sort
    var ascending: Bool
    var cells: [Int]
    var search: PostgresSearch?

    init(_ listing: ProductListing) {
        sort = listing.sort
        ascending = listing.ascending
        let stock: [Int] = switch listing.stock {
        case .inStock?: [1]
        case .soldOut?: [0]
        case nil: [0, 1]
        }
        let currencies: [Int] = switch listing.currency {
        case .krw?: [0]
        case .usd?: [2]
        case nil: [0, 2]
        }
        cells = currencies.flatMap { base in stock.map { base + $0 } }
        search = listing.search.flatMap(PostgresSearch.init)
    }

    var isAllCells: Bool { cells.count == 4 }

    /// The order's key in ascending order; a descending listing reads it backwards.
    var columns: [Column] {
        let id = Column(expression: "product.id", kind: .integer)
        return switch sort {
        case .id: [id]
        case .name: [Column(expression: "product.name COLLATE \"C\"", kind: .text), id]
        case .vendor: [Column(expression: "vendor.name COLLATE \"C\"", kind: .text), id]
        case .price: [Column(expression: "product.currency", kind: .text), Column(expression: "product.price_minor", kind: .integer), id]
        case .discount: [Column(expression: "product.currency", kind: .text), Column(expression: "product.discount_minor", kind: .integer), id]
        case .stock: [Column(expression: "product.stock", kind: .integer), id]
        case .date: [Column(expression: "product.created_at", kind: .date), id]
        }
    }

    var source: String {
        sort == .vendor ? "product JOIN vendor ON vendor.id = product.vendor_id" : "product"
    }

    var orderBy: String {
        columns.map { "\($0.expression) \(ascending ? "ASC" : "DESC")" }.joined(separator: ", ")
    }

    private func appendCells(to sql: inout SQLBuilder) throws {
        guard !isAllCells else { return }
        sql.append(" AND product.cell = ANY(")
        try sql.bind(cells)
        sql.append(")")
    }

    private func appendCandidates(_ search: PostgresSearch, to sql: inout SQLBuilder) throws {
        sql.append("product.id IN (SELECT product.id FROM product WHERE ")
        try search.appendCondition(to: &sql)
        sql.append(" ORDER BY product.id DESC LIMIT \(PostgresSearch.cap))")
    }

    /// A page without search: the order's index read from its start, rows of other cells skipped. The vendor order
    /// walks vendors by name and, for each, at most a page's end of its products by id (`product_on_vendor_id_id`):
    /// the planner then only sorts within a vendor, and stops at the page's end.
    func pageQuery(limit: Int, offset: Int) throws -> PostgresQuery {
        var sql = SQLBuilder()
        if sort == .vendor {
            let (sum, overflow) = offset.addingReportingOverflow(limit)
            sql.append("SELECT product.id FROM vendor CROSS JOIN LATERAL (SELECT product.id FROM product WHERE product.vendor_id = vendor.id")
            try appendCells(to: &sql)
            sql.append(" ORDER BY product.id \(ascending ? "ASC" : "DESC") LIMIT ")
            try sql.bind(overflow ? Int.max : sum)
            sql.append(") AS product")
        } else {
            sql.append("SELECT product.id FROM \(source) WHERE TRUE")
            try appendCells(to: &sql)
        }
        sql.append(" ORDER BY \(orderBy) LIMIT ")
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(offset)
        return sql.query
    }

    /// Products in a block of ids: a page of the id order starting deeper than this is read through the blocks.
    static let idBucketSize = 1 << PostgresSchema.idBucketShift

    /// The block of ids holding the selected product at `position` (0-based, in the listing's direction), and how
    /// many selected products the blocks before it hold: the sum of a few counts per thousand products.
    func idBucketQuery(position: Int) throws -> PostgresQuery {
        let direction = ascending ? "ASC" : "DESC"
        var sql = SQLBuilder("SELECT bucket, before FROM (SELECT bucket, total, (sum(total) OVER (ORDER BY bucket \(direction)) - total)::bigint AS before")
        sql.append(" FROM (SELECT bucket, sum(total)::bigint AS total FROM product_id_bucket")
        if !isAllCells {
            sql.append(" WHERE cell = ANY(")
            try sql.bind(cells)
            sql.append(")")
        }
        sql.append(" GROUP BY bucket) AS counted) AS running WHERE before <= ")
        try sql.bind(position)
        sql.append(" AND ")
        try sql.bind(position)
        sql.append(" < before + total ORDER BY bucket \(direction) LIMIT 1")
        return sql.query
    }

    /// A page of the id order from the start of `bucket`'s block in the listing's direction, `skip` selected rows
    /// in: read in id order from an index, passing at most one block's selected rows before the page.
    func idPageQuery(bucket: Int64, skip: Int, limit: Int) throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT product.id FROM product WHERE product.id ")
        if ascending {
            sql.append(">= ")
            try sql.bind(bucket << Int64(PostgresSchema.idBucketShift))
        } else {
            sql.append("< ")
            try sql.bind((bucket + 1) << Int64(PostgresSchema.idBucketShift))
        }
        // One cell: its own index (cell, id) in id order. Several: the primary key, rows of other cells skipped.
        if let cell = cells.first, cells.count == 1 {
            sql.append(" AND product.cell = ")
            try sql.bind(cell)
        } else {
            try appendCells(to: &sql)
        }
        sql.append(" ORDER BY product.id \(ascending ? "ASC" : "DESC") LIMIT ")
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(skip)
        return sql.query
    }

    /// The ids of a page without search.
    private func unsearchedIDs(_ connection: PostgresConnection, limit: Int, offset: Int, logger: Logger) async throws -> [Int64] {
        guard sort == .id, offset >= Self.idBucketSize else {
            return try await PostgresListing.ids(connection, try pageQuery(limit: limit, offset: offset), logger: logger)
        }
        var found: (bucket: Int64, before: Int64)?
        for try await row in try await connection.query(try idBucketQuery(position: offset), logger: logger).decode((Int64, Int64).self) {
            found = row
        }
        guard let found else { return [] }
        let skip = offset - Int(found.before)
        return try await PostgresListing.ids(connection, try idPageQuery(bucket: found.bucket, skip: skip, limit: limit), logger: logger)
    }

    func page(_ connection: PostgresConnection, limit: Int, offset: Int, logger: Logger) async throws -> PostgresListing.Page {
        guard let search else {
            var count = SQLBuilder("SELECT coalesce(sum(total), 0)::bigint FROM product_cell_counter WHERE cell = ANY(")
            try count.bind(cells)
            count.append(")")
            let total = try await PostgresListing.single(connection, count.query, logger: logger)
            guard offset < total else { return .init(total: total, isCapped: false, ids: []) }
            let ids = try await unsearchedIDs(connection, limit: limit, offset: offset, logger: logger)
            return .init(total: total, isCapped: false, ids: ids)
        }
        var count = SQLBuilder("SELECT count(*) FROM (SELECT product.id FROM product WHERE ")
        try search.appendCondition(to: &count)
        count.append(" LIMIT \(PostgresSearch.cap + 1)) AS matches")
        let counted = try await PostgresListing.single(connection, count.query, logger: logger)
        let (matches, isCapped) = (min(counted, PostgresSearch.cap), counted > PostgresSearch.cap)
        guard offset < matches else { return .init(total: matches, isCapped: isCapped, ids: []) }
        // Newest or oldest first among all matches: straight from the matches, by id.
        if sort == .id && isAllCells && (!ascending || !isCapped) {
            var sql = SQLBuilder("SELECT product.id FROM product WHERE ")
            try search.appendCondition(to: &sql)
            sql.append(" ORDER BY product.id \(ascending ? "ASC" : "DESC") LIMIT ")
            try sql.bind(limit)
            sql.append(" OFFSET ")
            try sql.bind(offset)
            return .init(total: matches, isCapped: isCapped, ids: try await PostgresListing.ids(connection, sql.query, logger: logger))
        }
        // Otherwise the newest `cap` matches are filtered and ordered: a sort of at most `cap` rows.
        var total = matches
        if !isAllCells {
            var filtered = SQLBuilder("SELECT count(*) FROM product WHERE ")
            try appendCandidates(search, to: &filtered)
            try appendCells(to: &filtered)
            total = try await PostgresListing.single(connection, filtered.query, logger: logger)
        }
        var sql = SQLBuilder("SELECT product.id FROM \(source) WHERE ")
        try appendCandidates(search, to: &sql)
        try appendCells(to: &sql)
        sql.append(" ORDER BY \(orderBy) LIMIT ")
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(offset)
        return .init(total: total, isCapped: isCapped, ids: try await PostgresListing.ids(connection, sql.query, logger: logger))
    }

    /// The next `count` products after `start` (keyset paging, no OFFSET): their ids and the last one's key.
    /// A search is exported whole, ordered by id: newest first, or oldest first for an ascending id order.
    func exportKeys(
        _ connection: PostgresConnection, after start: [ExportCursor.Value]?, count: Int, logger: Logger
    ) async throws -> (ids: [Int64], last: [ExportCursor.Value]?) {
        let keyColumns: [Column]
        let direction: Bool
        var sql: SQLBuilder
        if let search {
            keyColumns = [Column(expression: "product.id", kind: .integer)]
            direction = sort == .id ? ascending : false
            sql = SQLBuilder("SELECT product.id FROM product WHERE ")
            try search.appendCondition(to: &sql)
        } else {
            keyColumns = columns
            direction = ascending
            // A date is carried as the server's text of it, exact to the microsecond (a `Date` is not).
            let selected = keyColumns.map { $0.kind == .date ? "\($0.expression)::text" : $0.expression }
            sql = SQLBuilder("SELECT \(selected.joined(separator: ", ")) FROM \(source) WHERE TRUE")
        }
        try appendCells(to: &sql)
        if let start, start.count == keyColumns.count {
            sql.append(" AND (\(keyColumns.map(\.expression).joined(separator: ", "))) \(direction ? ">" : "<") (")
            for (index, value) in start.enumerated() {
                if index > 0 { sql.append(", ") }
                switch value {
                case .integer(let number): try sql.bind(number)
                case .text(let text):
                    try sql.bind(text)
                    if keyColumns[index].kind == .date { sql.append("::timestamptz") }
                case .date(let date): try sql.bind(date)
                }
            }
            sql.append(")")
        }
        let order = keyColumns.map { "\($0.expression) \(direction ? "ASC" : "DESC")" }.joined(separator: ", ")
        sql.append(" ORDER BY \(order) LIMIT ")
        try sql.bind(count)
        var ids: [Int64] = []
        var last: [ExportCursor.Value]?
        for try await row in try await connection.query(sql.query, logger: logger) {
            let cells = row.makeRandomAccess()
            var key: [ExportCursor.Value] = []
            for (index, column) in keyColumns.enumerated() {
                switch column.kind {
                case .integer: key.append(.integer(try cells[index].decode(Int64.self)))
                case .text, .date: key.append(.text(try cells[index].decode(String.self)))
                }
            }
            if case .integer(let id)? = key.last { ids.append(id) }
            last = key
        }
        return (ids, last)
    }
}

extension PostgresMarket: AdminListing {
    public func listingPage(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> ListingPage {
        let request = PostgresAdminListing(listing)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await readTransaction { connection in
            let page = try await request.page(connection, limit: max(0, limit), offset: max(0, offset), logger: logger)
            let products = try await PostgresProductLoader.summaries(connection, ids: page.ids, imagePathPrefix: prefix, logger: logger)
            return ListingPage(total: page.total, totalIsCapped: page.isCapped, products: products)
        }
    }

    /// One page and the number of products the listing selects (for a search, exact up to the cap).
    public func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary]) {
        let page = try await listingPage(listing, limit: limit, offset: offset)
        return (page.total, page.products)
    }

    public func exportBatch(
        _ listing: ProductListing, after cursor: ExportCursor?, limit: Int
    ) async throws(OpenMarketError) -> (products: [ProductSummary], next: ExportCursor?) {
        let request = PostgresAdminListing(listing)
        let size = max(1, limit)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await readTransaction { connection in
            let keys = try await request.exportKeys(connection, after: cursor?.values, count: size, logger: logger)
            let products = try await PostgresProductLoader.summaries(connection, ids: keys.ids, imagePathPrefix: prefix, logger: logger)
            return (products, keys.ids.count == size ? keys.last.map { ExportCursor(values: $0) } : nil)
        }
    }

    public func updateProductAsOwner(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: nil, as: .owner, if: nil).written().after
    }

    public func deleteProductAsOwner(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await transaction { connection in
            // Locked first, so of two deletes of one product exactly one finds it.
            let locked = try await PostgresListing.ids(connection, "SELECT id FROM product WHERE id = \(Int64(id)) FOR UPDATE", logger: logger)
            guard !locked.isEmpty, let detail = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger)
            else { throw OpenMarketError.notFound("Product \(id) does not exist.") }
            try await connection.query("DELETE FROM product WHERE id = \(Int64(id))", logger: logger)
            return detail
        }
    }
}
