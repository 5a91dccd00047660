import Foundation
import NIOConcurrencyHelpers
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
@testable import OpenMarketUseCases
import Testing
@testable import OpenMarketWeb

/// Kept answers never outlive a write, and the cache stays within its bounds.
@Suite("Write-versioned cache", .timeLimit(.minutes(10)))
struct WriteVersionedCacheTests {
    final class Market: Sendable {
        let writes = NIOLockedValueBox<UInt64>(0)
        func write() { writes.withLockedValue { $0 += 1 } }
        var version: UInt64 { writes.withLockedValue { $0 } }
    }

    @Test func aWriteDropsEveryKeptValue() {
        let market = Market()
        let cache = WriteVersionedCache<Int, String>(capacity: 10) { market.version }
        cache.keep("one", for: 1, readAt: cache.version)
        #expect(cache.value(1, at: cache.version) == "one")
        market.write()
        #expect(cache.value(1, at: cache.version) == nil)
    }

    /// A read that began before a write may have seen the old rows: what it read is not kept.
    @Test func aValueReadBeforeAWriteIsNotKept() {
        let market = Market()
        let cache = WriteVersionedCache<Int, String>(capacity: 10) { market.version }
        let readAt = cache.version
        market.write()
        cache.keep("old", for: 1, readAt: readAt)
        #expect(cache.value(1, at: cache.version) == nil)
        #expect(cache.value(1, at: readAt) == nil)
    }

    @Test func countAndBytesStayBounded() {
        let market = Market()
        let cache = WriteVersionedCache<Int, String>(capacity: 5, maximumBytes: 100) { market.version }
        for key in 0..<50 {
            cache.keep("v", bytes: 30, for: key, readAt: cache.version)
            #expect(cache.count <= 3)
        }
        cache.keep("huge", bytes: 101, for: 99, readAt: cache.version)
        #expect(cache.value(99, at: cache.version) == nil)
        let counted = WriteVersionedCache<Int, String>(capacity: 5) { market.version }
        for key in 0..<50 {
            counted.keep("v", for: key, readAt: counted.version)
            #expect(counted.count <= 5)
        }
    }

    /// The market's answers are kept within a bound of bytes as well as of count, counted from what they hold: a
    /// product with a long description weighs more than one with a short one.
    @Test func keptAnswersAreBoundedByWhatTheyHold() async throws {
        let market = SQLiteMarket(database: try MarketDatabase.inMemory(), hasher: SecretHasher(cost: 4))
        let vendor = try await market.createVendor(name: "bytes", secret: "bytes-secret-12")
        let credentials = VendorCredentials(identifier: vendor.identifier, secret: "bytes-secret-12")
        for (index, description) in [String(repeating: "긴 설명 ", count: 200), "A short one."].enumerated() {
            let draft = ProductDraft(name: "Chair \(index)", description: description, price: 1_000, currency: .krw, discountedPrice: 0, stock: 1)
            let photo = ImageUpload(filename: "chair.png", contentType: "image/png", data: try TestSupport.sampleImage("kettle-1.png"))
            _ = try await market.createProduct(draft, images: [photo], credentials: credentials)
        }
        let long = try #require(try await market.products(ProductQuery(page: 2, perPage: 1)))
        let short = try #require(try await market.products(ProductQuery(page: 1, perPage: 1)))
        #expect(CachedMarket.bytes(of: long) - CachedMarket.bytes(of: short) >= 2_000)
        // Room for one page of both: a second one starts the cache over, so two are never kept together; pages of
        // the short one alone fit several at once.
        let both = try #require(try await market.products(ProductQuery(page: 1, perPage: 2)))
        let cached = CachedMarket(market: market, maximumBytes: CachedMarket.bytes(of: both) * 3 / 2)
        for perPage in 2...7 {
            _ = try await cached.products(ProductQuery(page: 1, perPage: perPage))
            #expect(cached.keptCount == 1, "\(perPage)")
        }
        let fresh = CachedMarket(market: market, maximumBytes: CachedMarket.bytes(of: both) * 3 / 2)
        for query in [ProductQuery(page: 1, perPage: 1), ProductQuery(page: 1, perPage: 1, inStockOnly: true), ProductQuery(page: 1, perPage: 1, currency: .krw)] {
            _ = try await fresh.products(query)
        }
        #expect(fresh.keptCount == 3)
        try await market.hasher.shutdown()
    }
}
