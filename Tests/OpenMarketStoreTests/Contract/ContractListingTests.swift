import Foundation
import OpenMarketCore
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: pages, orders and filters, each compared with the order computed here from the
/// products made. PostgreSQL cases run when OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: listing", .timeLimit(.minutes(10)))
struct ContractListingTests {
    /// A product as made, with what the orders and filters look at.
    struct Made {
        var id: Int
        var currency: Currency
        var salePrice: Decimal
        var stock: Int
    }

    /// 23 products over both currencies, in and out of stock, with equal sale prices among them (the id breaks ties).
    static func fill(_ market: ContractMarket) async throws -> [Made] {
        var made: [Made] = []
        for index in 0..<23 {
            let currency: Currency = index % 3 == 0 ? .usd : .krw
            let price: Decimal = currency == .usd ? Decimal(10 + index % 4) + Decimal(string: "0.25")! : Decimal(1000 * (1 + index % 5))
            let discount: Decimal = index % 2 == 0 ? 0 : (currency == .usd ? Decimal(string: "0.25")! : 500)
            let stock = index % 4 == 1 ? 0 : index
            let product = try await market.create(
                name: "Product number \(index)", price: price, currency: currency, discountedPrice: discount, stock: stock)
            made.append(Made(id: product.id, currency: currency, salePrice: price - discount, stock: stock))
        }
        return made
    }

    /// The listing as the storefront promises it, computed from the products.
    static func expected(_ made: [Made], _ query: ProductQuery) -> [Int] {
        let selected = made.filter { product in
            (!query.inStockOnly || product.stock > 0) && (query.currency == nil || product.currency == query.currency)
        }
        func ascending(_ a: Made, _ b: Made) -> Bool {
            // Won before dollars ("KRW" < "USD"), then what the shopper pays, then the id.
            (a.currency.rawValue, a.salePrice, a.id) < (b.currency.rawValue, b.salePrice, b.id)
        }
        return switch query.sort {
        case .newest: selected.sorted { $0.id > $1.id }.map(\.id)
        case .priceAscending: selected.sorted(by: ascending).map(\.id)
        case .priceDescending: selected.sorted { ascending($1, $0) }.map(\.id)
        }
    }

    static var queries: [ProductQuery] {
        var queries: [ProductQuery] = []
        for sort in ProductQuery.Sort.allCases {
            for inStockOnly in [false, true] {
                for currency in [nil, Currency.krw, .usd] {
                    queries.append(ProductQuery(perPage: 4, sort: sort, inStockOnly: inStockOnly, currency: currency))
                }
            }
        }
        return queries
    }

    @Test("Every order and filter, page by page, is the order computed from the products", arguments: MarketKind.available)
    func everyOrderAndFilter(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            var made = try await Self.fill(market)
            for query in Self.queries {
                let listed = try await market.all(query)
                let expected = Self.expected(made, query)
                #expect(listed.ids == expected, "\(query.sort) in stock \(query.inStockOnly) \(String(describing: query.currency))")
                #expect(listed.totals == [expected.count])
            }
            // Moves between filter cells (sold out, currency) keep every count and order right.
            for product in made.prefix(6) {
                let changes = ProductChanges(price: 7, currency: .usd, discountedPrice: 0, stock: product.stock > 0 ? 0 : 5)
                _ = try await market.api.updateProduct(id: product.id, changes: changes, credentials: market.owner.credentials)
            }
            for index in made.indices.prefix(6) {
                made[index].currency = .usd
                made[index].salePrice = 7
                made[index].stock = made[index].stock > 0 ? 0 : 5
            }
            let deleted = made.removeLast()
            _ = try await market.api.deleteProduct(id: deleted.id, credentials: market.owner.credentials)
            for query in Self.queries {
                let listed = try await market.all(query)
                let expected = Self.expected(made, query)
                #expect(listed.ids == expected, "after changes: \(query.sort) in stock \(query.inStockOnly) \(String(describing: query.currency))")
                #expect(listed.totals == [expected.count])
            }
        }
    }

    @Test("Pages: the last one is partial, one past it is no content, totals on every page", arguments: MarketKind.available)
    func pagingFigures(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let empty = try #require(try await market.api.products(ProductQuery()))
            #expect(empty.products.isEmpty && empty.totalCount == 0)
            #expect(try await market.api.products(ProductQuery(page: 2)) == nil)

            let made = try await Self.fill(market)
            let newest = made.map(\.id).sorted(by: >)
            let last = try #require(try await market.api.products(ProductQuery(page: 5, perPage: 5)))
            #expect(last.products.map(\.id) == Array(newest[20...]))
            #expect(last.totalCount == 23 && last.lastPage == 5 && !last.hasNext && last.hasPrev)
            let first = try #require(try await market.api.products(ProductQuery(page: 1, perPage: 5)))
            #expect(first.products.map(\.id) == Array(newest[..<5]))
            #expect(first.hasNext && !first.hasPrev)
            #expect(try await market.api.products(ProductQuery(page: 6, perPage: 5)) == nil)
            #expect(try await market.api.products(ProductQuery(page: Int.max, perPage: 1000)) == nil)
            let whole = try #require(try await market.api.products(ProductQuery(page: 1, perPage: 1000)))
            #expect(whole.products.map(\.id) == newest)

            for (page, perPage) in [(0, 20), (1, 0), (-1, 20), (1, 1001)] {
                let error = await #expect(throws: OpenMarketError.self) { try await market.api.products(ProductQuery(page: page, perPage: perPage)) }
                #expect(error == .malformed("page_no must be 1 or more and items_per_page 1–1000."))
            }
        }
    }
}
