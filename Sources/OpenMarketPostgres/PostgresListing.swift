import Logging
import OpenMarketCore
import PostgresNIO

/// One listing of the storefront and the API on PostgreSQL, with the embedded market's semantics: newest first or
/// by what the shopper pays (price − discount, within a currency: won before dollars ascending, the id breaking
/// ties), filtered by stock and currency, optionally searched.
///
/// The statements are built here and nowhere else, so the query-plan tests explain exactly what pages run.
struct PostgresListing: Sendable {
    enum Order: Sendable {
        case newest, saleAscending, saleDescending
    }

    var order: Order
    /// The filter cells selected (see the schema's `cell`: (currency = USD) × 2 + (stock > 0)), in order.
    var cells: [Int]
    var search: PostgresSearch?

    init(_ query: ProductQuery) {
        order = switch query.sort {
        case .newest: .newest
        case .priceAscending: .saleAscending
        case .priceDescending: .saleDescending
        }
        let stock = query.inStockOnly ? [1] : [0, 1]
        let currencies: [Int] = switch query.currency {
        case .krw?: [0]
        case .usd?: [2]
        case nil: [0, 2]
        }
        cells = currencies.flatMap { base in stock.map { base + $0 } }
        search = query.search.flatMap(PostgresSearch.init)
    }

    var isAllCells: Bool { cells.count == 4 }

    /// The order's key, the id last, so that it names exactly one row; expressions over `product`.
    var orderBy: String {
        switch order {
        case .newest: "product.id DESC"
        case .saleAscending: "product.currency ASC, product.sale_price_minor ASC, product.id ASC"
        case .saleDescending: "product.currency DESC, product.sale_price_minor DESC, product.id DESC"
        }
    }

    /// The ids of one page and the number of products the listing selects.
    struct Page: Sendable {
        var total: Int
        var isCapped: Bool
        var ids: [Int64]
    }

    func page(_ connection: PostgresConnection, limit: Int, offset: Int, logger: Logger) async throws -> Page {
        guard let search else {
            let total = try await Self.single(connection, try totalQuery(), logger: logger)
            guard offset < total else { return Page(total: total, isCapped: false, ids: []) }
            let ids = try await Self.ids(connection, try pageQuery(limit: limit, offset: offset), logger: logger)
            return Page(total: total, isCapped: false, ids: ids)
        }
        let counted = try await Self.single(connection, try searchCountQuery(search), logger: logger)
        let (matches, isCapped) = (min(counted, PostgresSearch.cap), counted > PostgresSearch.cap)
        guard offset < matches else { return Page(total: matches, isCapped: isCapped, ids: []) }
        // Newest first among all matches: straight from the matches, by id.
        if order == .newest && isAllCells {
            let ids = try await Self.ids(connection, try searchPageQuery(search, limit: limit, offset: offset), logger: logger)
            return Page(total: matches, isCapped: isCapped, ids: ids)
        }
        // Otherwise the newest `cap` matches are filtered and ordered: a sort of at most `cap` rows.
        let total = isAllCells ? matches : try await Self.single(connection, try candidatesCountQuery(search), logger: logger)
        let ids = try await Self.ids(connection, try candidatesPageQuery(search, limit: limit, offset: offset), logger: logger)
        return Page(total: total, isCapped: isCapped, ids: ids)
    }

    /// The number of products in the selected cells, from the counters the trigger keeps.
    func totalQuery() throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT coalesce(sum(total), 0)::bigint FROM product_cell_counter WHERE cell = ANY(")
        try sql.bind(cells)
        sql.append(")")
        return sql.query
    }

    /// A page without search: the order's index read from its start. With a filter, each selected cell's index is
    /// read separately (`cell`, key…) and the reads merged, so a sparse filter reads only matching rows.
    func pageQuery(limit: Int, offset: Int) throws -> PostgresQuery {
        let (sum, overflow) = offset.addingReportingOverflow(limit)
        let end = overflow ? Int.max : sum
        var sql = SQLBuilder()
        if isAllCells {
            sql.append("SELECT product.id FROM product ORDER BY \(orderBy) LIMIT ")
        } else if cells.count == 1 {
            sql.append("SELECT product.id FROM product WHERE product.cell = ")
            try sql.bind(cells[0])
            sql.append(" ORDER BY \(orderBy) LIMIT ")
        } else {
            sql.append("SELECT product.id FROM (")
            for (index, cell) in cells.enumerated() {
                if index > 0 { sql.append(" UNION ALL ") }
                sql.append("(SELECT product.id, product.currency, product.sale_price_minor FROM product WHERE product.cell = ")
                try sql.bind(cell)
                sql.append(" ORDER BY \(orderBy) LIMIT ")
                try sql.bind(end)
                sql.append(")")
            }
            sql.append(") AS product ORDER BY \(orderBy) LIMIT ")
        }
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(offset)
        return sql.query
    }

    /// The number of matches up to one past the cap.
    func searchCountQuery(_ search: PostgresSearch) throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT count(*) FROM (SELECT product.id FROM product WHERE ")
        try search.appendCondition(to: &sql)
        sql.append(" LIMIT \(PostgresSearch.cap + 1)) AS matches")
        return sql.query
    }

    /// Matches newest first; the offset is below the cap, so the read is bounded.
    func searchPageQuery(_ search: PostgresSearch, limit: Int, offset: Int) throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT product.id FROM product WHERE ")
        try search.appendCondition(to: &sql)
        sql.append(" ORDER BY product.id DESC LIMIT ")
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(offset)
        return sql.query
    }

    /// The newest `cap` matches, filtered: the condition on `product` of the two queries below.
    private func appendCandidates(_ search: PostgresSearch, to sql: inout SQLBuilder) throws {
        sql.append("product.id IN (SELECT product.id FROM product WHERE ")
        try search.appendCondition(to: &sql)
        sql.append(" ORDER BY product.id DESC LIMIT \(PostgresSearch.cap))")
        if !isAllCells {
            sql.append(" AND product.cell = ANY(")
            try sql.bind(cells)
            sql.append(")")
        }
    }

    func candidatesCountQuery(_ search: PostgresSearch) throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT count(*) FROM product WHERE ")
        try appendCandidates(search, to: &sql)
        return sql.query
    }

    func candidatesPageQuery(_ search: PostgresSearch, limit: Int, offset: Int) throws -> PostgresQuery {
        var sql = SQLBuilder("SELECT product.id FROM product WHERE ")
        try appendCandidates(search, to: &sql)
        sql.append(" ORDER BY \(orderBy) LIMIT ")
        try sql.bind(limit)
        sql.append(" OFFSET ")
        try sql.bind(offset)
        return sql.query
    }

    /// Every statement a page of this listing may run, for the query-plan tests.
    func statements(limit: Int, offset: Int) throws -> [PostgresQuery] {
        guard let search else { return [try totalQuery(), try pageQuery(limit: limit, offset: offset)] }
        if order == .newest && isAllCells { return [try searchCountQuery(search), try searchPageQuery(search, limit: limit, offset: offset)] }
        return [try searchCountQuery(search), try candidatesCountQuery(search), try candidatesPageQuery(search, limit: limit, offset: offset)]
    }

    static func single(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws -> Int {
        for try await value in try await connection.query(query, logger: logger).decode(Int.self) { return value }
        return 0
    }

    static func ids(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws -> [Int64] {
        var ids: [Int64] = []
        for try await id in try await connection.query(query, logger: logger).decode(Int64.self) { ids.append(id) }
        return ids
    }
}
