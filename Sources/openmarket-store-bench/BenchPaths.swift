import Foundation
#if canImport(Glibc)
import Glibc
#endif
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// One timed query path: a call of the store's public API, as the web layer makes it.
struct BenchPath: Sendable {
    /// What a path is held to (the issue's scale target).
    enum Target: Sendable, Equatable {
        /// Any page, search, sort or filter: under `BenchPaths.pageLimit`.
        case page
        /// A search matching at least `ListingPage.searchCap` products, in another order or with filters: its
        /// newest `searchCap` matches are read, filtered and sorted, so its cost is bounded by that number of
        /// rows whatever the market's size; held to `BenchPaths.boundedLimit`.
        case boundedSearch
    }

    var name: String
    var target: Target = .page
    var call: @Sendable () async throws -> Void

    /// Wall-clock median and worst, and the median of the process's processor time per run: on a shared
    /// machine the wall clock also counts the time other processes held the processors, processor time not.
    func time(runs: Int) async throws -> (median: Double, max: Double, processorMedian: Double) {
        try await call()
        var samples: [Double] = []
        var processor: [Double] = []
        for _ in 0..<max(1, runs) {
            let cpuStart = BenchPaths.processorSeconds()
            let start = ContinuousClock.now
            try await call()
            let elapsed = ContinuousClock.now - start
            processor.append((BenchPaths.processorSeconds() - cpuStart) * 1_000)
            samples.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        samples.sort()
        processor.sort()
        return (samples[samples.count / 2], samples[samples.count - 1], processor[processor.count / 2])
    }
}

enum BenchPaths {
    static let adminPerPage = 50
    static let apiPerPage = 20
    /// Every page's server time, in milliseconds (the median of the runs).
    static let pageLimit = 10.0
    /// A large-share search in another order or with filters (see `BenchPath.Target.boundedSearch`).
    static let boundedLimit = 250.0
    /// The export's rate, rows per second from first to last row.
    static let exportRate = 50_000.0
    /// The export's growth of resident memory, from before its first row to after its last.
    static let exportMemoryGrowthMB = 64

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
            ("search 의자 책상 (2+2 syllables)", ProductQuery(search: "의자 책상")),
            ("search \"Espresso Machine No. 123\" (rare)", ProductQuery(search: "Espresso Machine No. 123")),
            ("search \"Wooden chair for sale\" (long)", ProductQuery(search: "Wooden chair for sale")),
            ("search \"Espresso Machine\" (long, common)", ProductQuery(search: "Espresso Machine")),
            ("search \"깨끗한 의자 팝니다\" (long, Korean)", ProductQuery(search: "깨끗한 의자 팝니다")),
            ("search \"원목 의자 123\" (long, Korean, rare)", ProductQuery(search: "원목 의자 123")),
            ("newest, stock=in", ProductQuery(inStockOnly: true)),
            ("newest, currency=USD", ProductQuery(currency: .usd)),
            ("newest, stock=in currency=KRW", ProductQuery(inStockOnly: true, currency: .krw)),
            ("price_asc", ProductQuery(sort: .priceAscending)),
            ("price_desc", ProductQuery(sort: .priceDescending)),
            ("price_asc, stock=in", ProductQuery(sort: .priceAscending, inStockOnly: true)),
            ("price_desc, currency=USD", ProductQuery(sort: .priceDescending, currency: .usd)),
            ("price_asc, stock=in currency=KRW", ProductQuery(sort: .priceAscending, inStockOnly: true, currency: .krw)),
            ("price_asc, search 의자", ProductQuery(search: "의자", sort: .priceAscending)),
            ("price_desc, search chair", ProductQuery(search: "chair", sort: .priceDescending)),
            ("newest, stock=in, search chair", ProductQuery(search: "chair", inStockOnly: true)),
            ("price_asc, search \"Espresso Machine No. 123\"", ProductQuery(search: "Espresso Machine No. 123", sort: .priceAscending)),
        ]
        for (name, query) in queries {
            let first = try await market.products(query)
            let last = max(1, first?.lastPage ?? 1)
            let bounded = query.search != nil && (query.sort != .newest || query.inStockOnly || query.currency != nil)
                && first?.totalIsCapped == true
            for (label, page) in [("1", 1), ("middle", max(1, last / 2)), ("last", last)] {
                var paged = query
                paged.page = page
                let request = paged
                paths.append(BenchPath(name: "api \(name), page \(label) (\(page))", target: bounded ? .boundedSearch : .page) {
                    _ = try await market.products(request)
                })
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
            ("search \"Espresso Machine No. 123\"", ProductListing(search: "Espresso Machine No. 123")),
            ("search \"Wooden chair for sale\"", ProductListing(search: "Wooden chair for sale")),
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
            let first = try await market.listingPage(listing, limit: adminPerPage, offset: 0)
            let total = first.total
            let lastOffset = max(0, (total - 1) / adminPerPage * adminPerPage)
            let middleOffset = total / 2 / adminPerPage * adminPerPage
            let bounded = listing.search != nil && (listing.sort != .id || listing.stock != nil || listing.currency != nil)
                && first.totalIsCapped
            for (label, offset) in [("first", 0), ("middle", middleOffset), ("last", lastOffset)] {
                paths.append(BenchPath(name: "admin \(name), \(label) page", target: bounded ? .boundedSearch : .page) {
                    _ = try await market.listingPage(listing, limit: adminPerPage, offset: offset)
                })
            }
        }
        return paths
    }

    struct ExportFigures {
        var rows: Int
        var seconds: Double
        var beforeMB: Int
        var peakMB: Int
        var afterMB: Int
        /// The process's processor time over the export: on a shared machine, rows per processor second do not
        /// depend on what else is running, rows per second do.
        var cpuSeconds: Double
        var rate: Double { Double(rows) / seconds }
    }

    static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Every product through the export's batches, with the process's resident memory before, at its highest
    /// between batches, and after.
    static func export(market: SQLiteMarket) async throws -> ExportFigures {
        let counter = RowCounter()
        let before = residentKilobytes()
        let cpuStart = processorSeconds()
        let start = ContinuousClock.now
        try await market.exportListing(ProductListing(), batchSize: 1_000) { batch in
            await counter.add(batch.count, residentKilobytes: residentKilobytes())
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ExportFigures(
            rows: await counter.rows, seconds: seconds, beforeMB: before / 1024, peakMB: await counter.peakKilobytes / 1024,
            afterMB: residentKilobytes() / 1024, cpuSeconds: processorSeconds() - cpuStart)
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
    var peakKilobytes = 0
    func add(_ count: Int, residentKilobytes: Int) {
        rows += count
        peakKilobytes = max(peakKilobytes, residentKilobytes)
    }
}
