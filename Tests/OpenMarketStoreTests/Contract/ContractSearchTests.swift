import Foundation
import OpenMarketCore
import OpenMarketInput
@testable import OpenMarketStore
import Testing

/// Both stores, one behaviour: case-insensitive substring search over names and descriptions, where typed text is
/// only ever text. Each answer is compared with the matches computed here. PostgreSQL cases run when
/// OPENMARKET_TEST_DATABASE is set.
@Suite("Market contract: search", .timeLimit(.minutes(10)))
struct ContractSearchTests {
    static let products: [(name: String, description: String)] = [
        ("원목 의자", "거실에서 쓰던 튼튼한 원목 의자입니다."),
        ("Wooden Chair", "A sturdy oak chair for a desk or a dining room."),
        ("책상과 의자 세트", "Desk and chair set, barely used, 의자 두 개."),
        ("100% Cotton Shirt", "Soft shirt, size M, washed twice only."),
        ("snake_case toy", "A toy snake with a long_tail and bright eyes."),
        ("Back\\slash lamp", "A lamp shaped like a \\ leaning on a wall."),
        ("It's a \"quoted\" vase", "The vase's label says \"handle with care\"."),
        ("NEAR(table) OR desk*", "Writing desk: col:wood ^top -legs AND more."),
        ("Film Camera", "A working 35mm camera with a fresh battery."),
        ("판매 의뢰", "의뢰받은 물건을 판매합니다. 자세한 문의는 쪽지로."),
    ]

    /// The products whose name or description holds the cleaned text, ignoring case, newest first.
    static func expected(_ made: [(id: Int, name: String, description: String)], _ typed: String) -> [Int] {
        guard let expression = SearchExpression(typed) else { return made.map(\.id).sorted(by: >) }
        let needle = expression.text.lowercased()
        return made.filter { $0.name.lowercased().contains(needle) || $0.description.lowercased().contains(needle) }.map(\.id).sorted(by: >)
    }

    static let queries: [String] = [
        // Korean: a two-syllable word, one syllable, a longer phrase.
        "의자", "의", "자", "원목 의자", "튼튼한 원목 의자입니다",
        // English: mixed case, one and two letters, a long phrase.
        "wOODEN", "CHAIR", "c", "oa", "a working 35mm camera with a fresh battery",
        // Hostile: wildcards, escapes, quotes and full-text syntax are literal.
        "%", "_", "\\", "100%", "e_c", "k\\s", "'", "\"", "It's", "\"quoted\"", "' OR '1'='1", "%' --",
        "NEAR(table)", "OR", "desk*", "col:wood", "^top", "-legs", "AND", "*", "()",
        // Nothing matches.
        "zzz", "없는말",
    ]

    @Test("Searches find exactly the products holding the text", arguments: MarketKind.available)
    func searchesMatchLiterally(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            var made: [(id: Int, name: String, description: String)] = []
            for product in Self.products {
                let detail = try await market.create(name: product.name, description: product.description)
                made.append((detail.id, product.name, product.description))
            }
            for typed in Self.queries {
                let page = try #require(try await market.api.products(ProductQuery(perPage: 50, search: typed)), "\(typed)")
                let expected = Self.expected(made, typed)
                #expect(page.products.map(\.id) == expected, "search \(typed)")
                #expect(page.totalCount == expected.count, "search \(typed)")
                #expect(page.totalIsCapped == false)
            }
            // A sanity check of the expectations themselves: the words are where they were put.
            #expect(Self.expected(made, "의자").count == 2)
            #expect(Self.expected(made, "%").count == 1)
            #expect(Self.expected(made, "_").count == 1)
        }
    }

    @Test("Renamed and deleted products are found by what they are now", arguments: MarketKind.available)
    func searchFollowsWrites(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let chair = try await market.create(name: "원목 의자", description: "거실에서 쓰던 튼튼한 원목 의자입니다.")
            let lamp = try await market.create(name: "Desk Lamp", description: "A bright lamp with a long neck.")
            _ = try await market.api.updateProduct(
                id: chair.id, changes: ProductChanges(name: "Oak stool", description: "A small stool, still solid."),
                credentials: market.owner.credentials)
            #expect(try await market.api.products(ProductQuery(search: "의자"))?.totalCount == 0)
            #expect(try await market.api.products(ProductQuery(search: "의"))?.totalCount == 0)
            #expect(try await market.api.products(ProductQuery(search: "stool"))?.products.map(\.id) == [chair.id])
            #expect(try await market.api.products(ProductQuery(search: "st"))?.products.map(\.id) == [chair.id])
            _ = try await market.api.deleteProduct(id: lamp.id, credentials: market.owner.credentials)
            #expect(try await market.api.products(ProductQuery(search: "lamp"))?.totalCount == 0)
            #expect(try await market.api.products(ProductQuery(search: "la"))?.totalCount == 0)
        }
    }

    @Test("Searches with filters and price orders sort what matched", arguments: MarketKind.available)
    func searchWithFiltersAndOrders(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            let cheap = try await market.create(name: "Cheap chair", price: 1000, stock: 0)
            let dear = try await market.create(name: "Dear chair", price: 90000, stock: 2)
            let dollars = try await market.create(name: "Dollar chair", price: 5, currency: .usd, stock: 1)
            _ = try await market.create(name: "Plain table", price: 10, stock: 1)
            let ascending = try #require(try await market.api.products(ProductQuery(search: "chair", sort: .priceAscending)))
            #expect(ascending.products.map(\.id) == [cheap.id, dear.id, dollars.id])
            let descending = try #require(try await market.api.products(ProductQuery(search: "CHAIR", sort: .priceDescending)))
            #expect(descending.products.map(\.id) == [dollars.id, dear.id, cheap.id])
            let inStock = try #require(try await market.api.products(ProductQuery(search: "chair", inStockOnly: true)))
            #expect(inStock.products.map(\.id) == [dollars.id, dear.id])
            #expect(inStock.totalCount == 2)
            let won = try #require(try await market.api.products(ProductQuery(search: "ch", sort: .priceAscending, currency: .krw)))
            #expect(won.products.map(\.id) == [cheap.id, dear.id])
            #expect(won.totalCount == 2)
        }
    }

    @Test("A search counts up to 10,000 matches and says there are more", arguments: MarketKind.available)
    func searchCountStopsAtTheCap(kind: MarketKind) async throws {
        try await ContractMarket.with(kind) { market in
            try await market.fill(count: ProductSearch.cap + 5, name: "Capped lamp", description: "One of very many identical lamps.")
            let rare = try await market.create(name: "Rare capped vase")
            let long = try #require(try await market.api.products(ProductQuery(perPage: 100, search: "capped")))
            #expect(long.totalCount == ProductSearch.cap)
            #expect(long.totalIsCapped)
            #expect(long.products.first?.id == rare.id)
            #expect(long.lastPage == 100)
            #expect(try await market.api.products(ProductQuery(page: 100, perPage: 100, search: "capped"))?.products.count == 100)
            #expect(try await market.api.products(ProductQuery(page: 101, perPage: 100, search: "capped")) == nil)
            let short = try #require(try await market.api.products(ProductQuery(search: "ca")))
            #expect(short.totalCount == ProductSearch.cap && short.totalIsCapped)
            // Filters apply to the newest 10,000 matches: half of the filled lamps are in stock.
            let inStock = try #require(try await market.api.products(ProductQuery(search: "capped", inStockOnly: true)))
            #expect(inStock.totalIsCapped)
            #expect((4_990...5_010).contains(inStock.totalCount))
            let vase = try #require(try await market.api.products(ProductQuery(search: "vase")))
            #expect(vase.products.map(\.id) == [rare.id] && !vase.totalIsCapped)
            // The plain list is not capped: its total comes from the counters.
            #expect(try await market.api.products(ProductQuery())?.totalCount == ProductSearch.cap + 6)
        }
    }
}
