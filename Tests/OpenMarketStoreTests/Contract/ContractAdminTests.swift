import Foundation
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour, for the admin console's listing: every order in both directions, the filters,
/// search, totals, pages, and the CSV export's batches. PostgreSQL cases run when OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: the admin listing and export", .timeLimit(.minutes(10)))
struct ContractAdminTests {
    /// Names that sort differently by code point than by a language's rules ("Banana" before "apple").
    static let products: [(name: String, price: Decimal, currency: Currency, discount: Decimal, stock: Int, neighbor: Bool)] = [
        ("apple crate", 12000, .krw, 1000, 3, false),
        ("Banana stand", 9000, .krw, 0, 0, true),
        ("cherry table", 45.5, .usd, 5, 1, false),
        ("의자 세트", 30000, .krw, 2000, 0, false),
        ("Zebra rug", 120, .usd, 0, 0, true),
        ("apple box", 12000, .krw, 500, 7, true),
        ("éclair tin", 9000, .krw, 9000, 2, false),
        ("의자 하나", 8.25, .usd, 1.25, 4, false),
    ]

    static func fill(_ market: ContractMarket) async throws -> [ProductSummary] {
        for product in products {
            try await market.create(
                name: product.name, price: product.price, currency: product.currency, discountedPrice: product.discount, stock: product.stock,
                credentials: product.neighbor ? market.neighbor.credentials : market.owner.credentials)
        }
        return try await market.embedded.listingPage(ProductListing(), limit: 100, offset: 0).products
    }

    /// Code-point order, as SQLite's BINARY and PostgreSQL's "C" collation compare.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }

    static func expected(_ all: [ProductSummary], _ listing: ProductListing) -> [Int] {
        let selected = all.filter { product in
            switch listing.stock {
            case .inStock?: if product.stock == 0 { return false }
            case .soldOut?: if product.stock > 0 { return false }
            case nil: break
            }
            return listing.currency.map { $0 == product.currency } ?? true
        }
        func ascending(_ a: ProductSummary, _ b: ProductSummary) -> Bool {
            func then<T: Comparable>(_ x: T, _ y: T) -> Bool? { x == y ? nil : x < y }
            let decided: Bool? = switch listing.sort {
            case .id: nil
            case .name: a.name == b.name ? nil : precedes(a.name, b.name)
            case .vendor: a.vendorName == b.vendorName ? nil : precedes(a.vendorName, b.vendorName)
            case .price: then(a.currency.rawValue, b.currency.rawValue) ?? then(a.price, b.price)
            case .discount: then(a.currency.rawValue, b.currency.rawValue) ?? then(a.discountedPrice, b.discountedPrice)
            case .stock: then(a.stock, b.stock)
            case .date: then(a.createdAt, b.createdAt)
            }
            return decided ?? (a.id < b.id)
        }
        let sorted = selected.sorted(by: ascending)
        return (listing.ascending ? sorted : sorted.reversed()).map(\.id)
    }

    static let filters: [(ProductListing.StockFilter?, Currency?)] = [(nil, nil), (.inStock, nil), (.soldOut, .krw), (nil, .usd)]

    @Test("Every order, both directions, every filter: the same rows, pages and totals", arguments: MarketKind.available)
    func ordersAndFilters(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let all = try await Self.fill(market)
            #expect(all.count == Self.products.count)
            for sort in ProductListing.Sort.allCases {
                for ascending in [true, false] {
                    for (stock, currency) in Self.filters {
                        let listing = ProductListing(sort: sort, ascending: ascending, stock: stock, currency: currency)
                        let expected = Self.expected(all, listing)
                        let whole = try await store.listingPage(listing, limit: 100, offset: 0)
                        #expect(whole.products.map(\.id) == expected, "\(sort) \(ascending) \(String(describing: stock)) \(String(describing: currency))")
                        #expect(whole.total == expected.count && !whole.totalIsCapped)
                        // Pages of three put together are the whole listing.
                        var paged: [Int] = []
                        for offset in stride(from: 0, to: expected.count + 3, by: 3) {
                            let page = try await store.listingPage(listing, limit: 3, offset: offset)
                            #expect(page.total == expected.count)
                            paged += page.products.map(\.id)
                        }
                        #expect(paged == expected)
                        // The export's batches of two are the whole listing too, in the same order.
                        var exported: [Int] = []
                        var cursor: ExportCursor?
                        var batches = 0
                        repeat {
                            let batch = try await store.exportBatch(listing, after: cursor, limit: 2)
                            exported += batch.products.map(\.id)
                            cursor = batch.next
                            batches += 1
                        } while cursor != nil && batches < 20
                        #expect(exported == expected, "export \(sort) \(ascending)")
                    }
                }
            }
        }
    }

    @Test("Searches in the admin listing: matches, filters, orders, and a whole export by id", arguments: MarketKind.available)
    func searches(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let store = market.embedded
            let all = try await Self.fill(market)
            let chairs = all.filter { $0.name.hasPrefix("의자") }
            let found = try await store.listingPage(ProductListing(search: "의자"), limit: 50, offset: 0)
            #expect(found.products.map(\.id) == chairs.map(\.id).sorted(by: >) && found.total == 2)
            let oldest = try await store.listingPage(ProductListing(search: "의자", ascending: true), limit: 50, offset: 0)
            #expect(oldest.products.map(\.id) == chairs.map(\.id).sorted())
            let usd = try await store.listingPage(ProductListing(search: "의자", currency: .usd), limit: 50, offset: 0)
            #expect(usd.products.map(\.name) == ["의자 하나"] && usd.total == 1)
            let apples = all.filter { $0.name.hasPrefix("apple") }
            let byPrice = try await store.listingPage(ProductListing(search: "APPLE", sort: .discount, ascending: true), limit: 50, offset: 0)
            #expect(byPrice.products.map(\.id) == Self.expected(apples, ProductListing(sort: .discount, ascending: true)))
            let second = try await store.listingPage(ProductListing(search: "apple", sort: .name, ascending: true), limit: 1, offset: 1)
            #expect(second.products.map(\.name) == ["apple crate"] && second.total == 2)
            let none = try await store.listingPage(ProductListing(search: "zzqq"), limit: 50, offset: 0)
            #expect(none.products.isEmpty && none.total == 0)
            // A search is exported whole, newest first whatever the order asked for.
            var cursor: ExportCursor?
            var exported: [Int] = []
            repeat {
                let batch = try await store.exportBatch(ProductListing(search: "a", sort: .price), after: cursor, limit: 2)
                exported += batch.products.map(\.id)
                cursor = batch.next
            } while cursor != nil
            let withA = all.filter { $0.name.lowercased().contains("a") || $0.description.lowercased().contains("a") }
            #expect(exported == withA.map(\.id).sorted(by: >))
        }
    }
}
