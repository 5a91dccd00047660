import GRDB
import OpenMarketCore
import OpenMarketEmbedded

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
        // Newest or oldest first among the newest `cap` matches: straight from the full-text index, by its rowid.
        // The first page newest first counts the matches and reads its few ids; any other page reads the matching
        // ids once, newest first, and takes both the count and the page from them, instead of walking the
        // matches twice (to count, then to skip to the page). So does the first page when few matches are
        // expected: they are read once, oldest first (see `ProductSearch.newestIDs`).
        if order == .id && cells.isAll && (ascending || offset >= limit || search.expectsFewMatches) {
            let newest = try search.newestIDs(db)
            let isCapped = newest.count > ProductSearch.cap
            let kept = isCapped ? Array(newest.prefix(ProductSearch.cap)) : newest
            let ordered = ascending ? Array(kept.reversed()) : kept
            return Page(total: kept.count, isCapped: isCapped, ids: Array(ordered.dropFirst(offset).prefix(limit)))
        }
        let (matches, isCapped) = try search.count(db)
        // Past the matches: no page, and the total is what the filters select of them.
        guard offset < matches || cells.condition != nil else { return Page(total: matches, isCapped: isCapped, ids: []) }
        if order == .id && cells.isAll {
            let ids = try search.ids(db, newestFirst: true, limit: limit, offset: offset)
            return Page(total: matches, isCapped: isCapped, ids: ids)
        }
        // Otherwise the newest `cap` matches are filtered and ordered: a sort of at most `cap` rows. With filters,
        // every selected candidate's id is read in order once, and the page and the total both come from them:
        // counting them in a second statement would read the same `cap` product rows again.
        var arguments = search.arguments
        if cells.condition != nil {
            let selected = try Int64.fetchAll(db.cachedStatement(sql: candidatesSQL(search, paged: false)), arguments: arguments)
            return Page(total: selected.count, isCapped: isCapped, ids: Array(selected.dropFirst(offset).prefix(limit)))
        }
        arguments += [limit, offset]
        let ids = try Int64.fetchAll(db.cachedStatement(sql: candidatesSQL(search, paged: true)), arguments: arguments)
        return Page(total: matches, isCapped: isCapped, ids: ids)
    }

    /// The candidates the cells select, in the listing's order: one page of them, or all (at most `cap`).
    func candidatesSQL(_ search: ProductSearch, paged: Bool) -> String {
        let condition = cells.condition.map { " AND \($0)" } ?? ""
        return "SELECT product.id FROM \(order.source) WHERE product.id IN (\(search.candidatesSQL))\(condition)"
            + " ORDER BY \(order.orderBy(ascending: ascending))" + (paged ? " LIMIT ? OFFSET ?" : "")
    }

    /// The counters are read by a range of their key, the cells tested row by row (`+cell`): SQLite reads
    /// `cell IN (…)` through a temporary index of the list, built on every read (a thirtieth of a list page).
    static func countSQL(cells: CellSet) -> String {
        let (low, high) = (cells.cells.min() ?? 0, cells.cells.max() ?? -1)
        return "SELECT coalesce(sum(total), 0) FROM productCellCounter WHERE cell BETWEEN \(low) AND \(high)"
            + (cells.isAll ? "" : " AND +cell IN (\(cells.cells.map(String.init).joined(separator: ", ")))")
    }

    private static let countTexts = WrittenSQL<CellSet>()

    /// The number of products in the cells, from the counters the triggers keep.
    static func count(_ db: Database, cells: CellSet) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: countTexts.text(for: cells, write: countSQL(cells:)))) ?? 0
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
