import NIOConcurrencyHelpers
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
}
