import GRDB
import OpenMarketCore

/// One listing the store can page through: an order and direction, filter cells and an optional search.
struct ListingRequest: Sendable {
    var order: ProductOrder
    var ascending: Bool
    var cells: CellSet
    var search: ProductSearch?

    /// The ids of one page and the number of products the listing selects.
    struct Page {
        var total: Int
        var isCapped: Bool
        var ids: [Int64]
    }

    func page(_ db: Database, limit: Int, offset: Int) throws -> Page {
        guard let search = try search?.prepared(db) else {
            let total = try Self.count(db, cells: cells)
            let ids = try ProductPager(order: order, cells: cells).ids(db, ascending: ascending, total: total, offset: offset, limit: limit)
            return Page(total: total, isCapped: false, ids: ids)
        }
        let (matches, isCapped) = try search.count(db)
        guard offset < matches else { return Page(total: matches, isCapped: isCapped, ids: []) }
        // Newest or oldest first among all matches: straight from the full-text index, by its rowid.
        if order == .id && cells.isAll && (!ascending || !isCapped) {
            let ids = try search.ids(db, newestFirst: !ascending, limit: limit, offset: offset)
            return Page(total: matches, isCapped: isCapped, ids: ids)
        }
        // Otherwise the newest `cap` matches are filtered and ordered: a sort of at most `cap` rows.
        var arguments = search.arguments
        let total: Int
        if let condition = cells.condition {
            total = try Int.fetchOne(db.cachedStatement(sql: countSQL(search, condition: condition)), arguments: arguments) ?? 0
        } else {
            total = matches
        }
        arguments += [limit, offset]
        let ids = try Int64.fetchAll(db.cachedStatement(sql: candidatesSQL(search)), arguments: arguments)
        return Page(total: total, isCapped: isCapped, ids: ids)
    }

    func countSQL(_ search: ProductSearch, condition: String) -> String {
        "SELECT count(*) FROM product WHERE product.id IN (\(search.candidatesSQL)) AND \(condition)"
    }

    func candidatesSQL(_ search: ProductSearch) -> String {
        let condition = cells.condition.map { " AND \($0)" } ?? ""
        return "SELECT product.id FROM \(order.source) WHERE product.id IN (\(search.candidatesSQL))\(condition)"
            + " ORDER BY \(order.orderBy(ascending: ascending)) LIMIT ? OFFSET ?"
    }

    static func countSQL(cells: CellSet) -> String {
        "SELECT coalesce(sum(total), 0) FROM productCellCounter WHERE cell IN (\(cells.cells.map(String.init).joined(separator: ", ")))"
    }

    /// The number of products in the cells, from the counters the triggers keep.
    static func count(_ db: Database, cells: CellSet) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: countSQL(cells: cells))) ?? 0
    }
}

extension ListingRequest {
    init(_ listing: ProductListing) {
        let order: ProductOrder = switch listing.sort {
        case .id: .id
        case .name: .name
        case .vendor: .vendor
        case .price: .price
        case .discount: .discount
        case .stock: .stock
        case .date: .date
        }
        self.init(
            order: order, ascending: listing.ascending, cells: CellSet(stock: listing.stock, currency: listing.currency),
            search: listing.search.flatMap(ProductSearch.init))
    }

    /// The storefront's and the API's list: newest first unless a price order is asked for.
    init(_ query: ProductQuery) {
        let (order, ascending): (ProductOrder, Bool) = switch query.sort {
        case .newest: (.id, false)
        case .priceAscending: (.sale, true)
        case .priceDescending: (.sale, false)
        }
        self.init(
            order: order, ascending: ascending, cells: CellSet(stock: query.inStockOnly ? .inStock : nil, currency: query.currency),
            search: query.search.flatMap(ProductSearch.init))
    }
}
