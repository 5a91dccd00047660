import Foundation
import GRDB
import OpenMarketCore

/// What the admin console asks of the embedded market: any sort order and filters, and writes on the owner's behalf.
public struct ProductListing: Sendable, Hashable {
    public enum Sort: String, Sendable, CaseIterable {
        case id, name, vendor, price, discount, stock, date
    }

    public enum StockFilter: String, Sendable {
        case inStock = "in", soldOut = "out"
    }

    public var search: String?
    public var sort: Sort
    public var ascending: Bool
    public var stock: StockFilter?
    public var currency: Currency?

    public init(search: String? = nil, sort: Sort = .id, ascending: Bool = false, stock: StockFilter? = nil, currency: Currency? = nil) {
        self.search = search.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.sort = sort
        self.ascending = ascending
        self.stock = stock
        self.currency = currency
    }
}

extension SQLiteMarket {
    /// One page of products in the listing's order, with the number of products it selects.
    public func listing(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> (total: Int, products: [ProductSummary]) {
        let prefix = configuration.imagePathPrefix
        return try await read { db in
            let (from, whereSQL, arguments) = Self.listingClause(listing)
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(from) \(whereSQL)", arguments: arguments) ?? 0
            let direction = listing.ascending ? "ASC" : "DESC"
            let order: String = switch listing.sort {
            case .id: "product.id \(direction)"
            case .name: "product.name \(direction), product.id \(direction)"
            case .vendor: "vendor.name \(direction), product.id \(direction)"
            // Prices of different currencies are not comparable: won first, then dollars, each in order.
            case .price: "product.currency ASC, product.priceMinor \(direction), product.id \(direction)"
            case .discount: "product.currency ASC, product.discountMinor \(direction), product.id \(direction)"
            case .stock: "product.stock \(direction), product.id \(direction)"
            case .date: "product.createdAt \(direction), product.id \(direction)"
            }
            let ids = try Int64.fetchAll(
                db, sql: "SELECT product.id FROM \(from) \(whereSQL) ORDER BY \(order) LIMIT ? OFFSET ?", arguments: arguments + [limit, offset])
            return (total, try ProductLoader.summaries(db, ids: ids, imagePathPrefix: prefix))
        }
    }

    /// Changes a product on its owner's behalf: for the signed-in admin of this market, who holds no vendor secret.
    public func updateProductAsOwner(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        let ownerID = try await owner(of: id)
        return try await applyChanges(id: id, changes: changes, vendorID: ownerID)
    }

    /// Deletes a product and its images on its owner's behalf (the admin console's delete).
    public func deleteProductAsOwner(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        return try await write { db in
            guard let detail = try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) else {
                throw OpenMarketError.notFound("Product \(id) does not exist.")
            }
            try ProductRecord.deleteOne(db, key: Int64(id))
            return detail
        }
    }

    private func owner(of id: Int) async throws(OpenMarketError) -> Int64 {
        let owner = try await read { db in try Int64.fetchOne(db, sql: "SELECT vendorId FROM product WHERE id = ?", arguments: [id]) }
        guard let owner else { throw .notFound("Product \(id) does not exist.") }
        return owner
    }

    private static func listingClause(_ listing: ProductListing) -> (from: String, where: String, arguments: StatementArguments) {
        var from = "product JOIN vendor ON vendor.id = product.vendorId"
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let search = listing.search {
            let ids = ProductSearch(text: search).matchingIDsSQL
            from += " JOIN (\(ids.sql)) AS found ON found.rowid = product.id"
            arguments += ids.arguments
        }
        switch listing.stock {
        case .inStock?: conditions.append("product.stock > 0")
        case .soldOut?: conditions.append("product.stock = 0")
        case nil: break
        }
        if let currency = listing.currency {
            conditions.append("product.currency = ?")
            arguments += [currency.rawValue]
        }
        return (from, conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
    }
}
