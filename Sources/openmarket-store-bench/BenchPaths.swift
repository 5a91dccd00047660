import Foundation
import OpenMarketCore
import OpenMarketStore

/// One timed query path: a call of the store's public API, as the web layer makes it.
struct BenchPath: Sendable {
    var name: String
    var call: @Sendable () async throws -> Void

    func time(runs: Int) async throws -> (median: Double, max: Double) {
        try await call()
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try await call()
            let elapsed = ContinuousClock.now - start
            samples.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count - 1])
    }
}

enum BenchPaths {
    static let adminPerPage = 50
    static let apiPerPage = 20

    static func all(market: SQLiteMarket) async throws -> [BenchPath] {
        var paths: [BenchPath] = []
        paths += try await storefront(market: market)
        paths += try await admin(market: market)
        return paths
    }

    /// The API's and the storefront's list: pages 1, middle and last, searches, price orders and filters.
    static func storefront(market: SQLiteMarket) async throws -> [BenchPath] {
        var paths: [BenchPath] = []
        let queries: [(String, ProductQuery)] = [
            ("list", ProductQuery()),
            ("search 의자 (2 syllables)", ProductQuery(search: "의자")),
            ("search 판 (1 syllable)", ProductQuery(search: "판")),
            ("search chair (common word)", ProductQuery(search: "chair")),
            ("search \"Espresso Machine No. 123\" (rare)", ProductQuery(search: "Espresso Machine No. 123")),
            ("newest, stock=in", ProductQuery(inStockOnly: true)),
            ("newest, currency=USD", ProductQuery(currency: .usd)),
            ("newest, stock=in currency=KRW", ProductQuery(inStockOnly: true, currency: .krw)),
            ("price_asc", ProductQuery(sort: .priceAscending)),
            ("price_desc", ProductQuery(sort: .priceDescending)),
            ("price_asc, stock=in", ProductQuery(sort: .priceAscending, inStockOnly: true)),
            ("price_desc, currency=USD", ProductQuery(sort: .priceDescending, currency: .usd)),
            ("price_asc, stock=in currency=KRW", ProductQuery(sort: .priceAscending, inStockOnly: true, currency: .krw)),
            ("price_asc, search 의자", ProductQuery(search: "의자", sort: .priceAscending)),
        ]
        for (name, query) in queries {
            let first = try await market.products(query)
            let last = max(1, first?.lastPage ?? 1)
            for (label, page) in [("1", 1), ("middle", max(1, last / 2)), ("last", last)] {
                var paged = query
                paged.page = page
                let request = paged
                paths.append(BenchPath(name: "api \(name), page \(label) (\(page))") { _ = try await market.products(request) })
            }
        }
        return paths
    }

    /// The admin table: every sort in both directions, first and last page; search and each filter.
    static func admin(market: SQLiteMarket) async throws -> [BenchPath] {
        var listings: [(String, ProductListing)] = []
        for sort in ProductListing.Sort.allCases {
            for ascending in [true, false] {
                listings.append(("sort=\(sort.rawValue) \(ascending ? "asc" : "desc")", ProductListing(sort: sort, ascending: ascending)))
            }
        }
        listings += [
            ("search 의자", ProductListing(search: "의자")),
            ("search chair", ProductListing(search: "chair")),
            ("stock=in", ProductListing(stock: .inStock)),
            ("stock=out", ProductListing(stock: .soldOut)),
            ("currency=KRW", ProductListing(currency: .krw)),
            ("currency=USD", ProductListing(currency: .usd)),
            ("stock=out currency=USD", ProductListing(stock: .soldOut, currency: .usd)),
            ("stock=in currency=KRW", ProductListing(stock: .inStock, currency: .krw)),
            ("search chair, sort=price desc (large share)", ProductListing(search: "chair", sort: .price)),
            ("search 의자, sort=name asc", ProductListing(search: "의자", sort: .name, ascending: true)),
            ("search chair, stock=out currency=USD", ProductListing(search: "chair", stock: .soldOut, currency: .usd)),
            ("sort=name asc, stock=out currency=USD", ProductListing(sort: .name, ascending: true, stock: .soldOut, currency: .usd)),
        ]
        var paths: [BenchPath] = []
        for (name, listing) in listings {
            let total = try await market.listingPage(listing, limit: adminPerPage, offset: 0).total
            let lastOffset = max(0, (total - 1) / adminPerPage * adminPerPage)
            let middleOffset = total / 2 / adminPerPage * adminPerPage
            for (label, offset) in [("first", 0), ("middle", middleOffset), ("last", lastOffset)] {
                paths.append(BenchPath(name: "admin \(name), \(label) page") {
                    _ = try await market.listingPage(listing, limit: adminPerPage, offset: offset)
                })
            }
        }
        return paths
    }

    /// Every product through the export's batches, with the process's resident memory before and after.
    static func export(market: SQLiteMarket) async throws -> String {
        let counter = RowCounter()
        let before = residentKilobytes()
        let start = ContinuousClock.now
        try await market.exportListing(ProductListing(), batchSize: 1_000) { batch in await counter.add(batch.count) }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rows = await counter.rows
        return String(
            format: "\nexport: %d rows in %.1f s = %.0f rows/s; resident memory %d MB before, %d MB after",
            rows, seconds, Double(rows) / seconds, before / 1024, residentKilobytes() / 1024)
    }

    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

actor RowCounter {
    var rows = 0
    func add(_ count: Int) { rows += count }
}
