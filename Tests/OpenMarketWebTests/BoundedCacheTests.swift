import NIOConcurrencyHelpers
import NIOCore
import OpenMarketTexts
@testable import OpenMarketUseCases
@testable import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The one cache type behind the market reads, page contents, cards, whole pages and gzip outputs: bounded by count
/// and bytes whatever is asked, forgetting everything when full, and never finding a value of another generation.
@Suite("Bounded cache", .timeLimit(.minutes(10)))
struct BoundedCacheTests {
    /// A cache of pages keeps everything until half full, then only what was asked for twice: a stream of pages seen
    /// once does not push out the page that is read again and again.
    @Test func onceHalfFullOnlyASecondAskIsKept() throws {
        let cache = BoundedCache<Int, String>(capacity: 8, secondAskWhenBusy: true)
        for key in 1...4 {
            #expect(cache.admits(key), "not busy yet: \(key)")
            cache.keep("v\(key)", for: key)
        }
        #expect(!cache.admits(100), "half full: a first ask is only remembered")
        #expect(cache.admits(100), "the second ask is kept")
        #expect(!cache.admits(100), "the remembered ask was used up")
        // Another key's ask in between is remembered apart, unless it takes the same slot (hashes are seeded per
        // process): then the newer ask wins the slot.
        let other = try #require((201...299).first { !cache.asksShareASlot(200, $0) })
        #expect(cache.admitted([200, other, 200]) == [false, false, true])
        let sharing = try #require((5_001...9_000).first { cache.asksShareASlot(5_000, $0) })
        #expect(cache.admitted([5_000, sharing, 5_000]) == [false, false, false])
        // A long tail of one-off keys: none is admitted, so the hot value stays and the cache never starts over.
        cache.keep("hot", for: 7)
        for key in 1_000..<3_000 where cache.admits(key) {
            cache.keep("tail", for: key)
        }
        #expect(cache.value(for: 7) == "hot" && cache.count == 5)
        // Without the option every value is admitted.
        let plain = BoundedCache<Int, String>(capacity: 2)
        plain.keep("a", for: 1)
        #expect(plain.admits(2) && plain.admits(3))
    }

    /// Half of the bytes makes the cache busy as half of the count does.
    @Test func halfTheBytesMakesACacheBusy() {
        let cache = BoundedCache<Int, String>(capacity: 100, maximumBytes: 100, secondAskWhenBusy: true)
        cache.keep("big", bytes: 49, for: 1)
        #expect(cache.admits(2))
        cache.keep("more", bytes: 1, for: 2)
        #expect(!cache.admits(3) && cache.admits(3))
    }

    @Test func aFullCacheStartsOverWithTheNewValue() {
        let cache = BoundedCache<Int, String>(capacity: 3)
        for key in 1...3 {
            cache.keep("v\(key)", for: key)
        }
        #expect(cache.count == 3 && cache.value(for: 1) == "v1")
        cache.keep("v4", for: 4)
        #expect(cache.count == 1)
        #expect(cache.value(for: 4) == "v4" && cache.value(for: 1) == nil)
    }

    @Test func bytesAreBoundedAndAReplacedValueGivesItsBytesBack() {
        let cache = BoundedCache<String, String>(capacity: 10, maximumBytes: 100)
        cache.keep("a", bytes: 40, for: "a")
        for _ in 1...5 {
            cache.keep("b", bytes: 40, for: "b")
        }
        #expect(cache.byteCount == 80 && cache.value(for: "a") == "a")
        cache.keep("c", bytes: 30, for: "c")
        #expect(cache.byteCount == 30 && cache.count == 1 && cache.value(for: "a") == nil)
    }

    /// A full cache asked to keep a newer value of a key it holds replaces that value and forgets nothing else.
    @Test func replacingAKeptKeyInAFullCacheForgetsNothing() {
        let cache = BoundedCache<Int, String>(capacity: 2)
        cache.keep("one", for: 1)
        cache.keep("two", for: 2)
        cache.keep("two again", for: 2)
        #expect(cache.count == 2 && cache.value(for: 1) == "one" && cache.value(for: 2) == "two again")
    }

    @Test func aValueLargerThanTheBoundIsNotKeptAndCostsNothing() {
        let cache = BoundedCache<Int, String>(capacity: 10, maximumBytes: 100)
        cache.keep("small", bytes: 10, for: 1)
        cache.keep("huge", bytes: 101, for: 2)
        #expect(cache.value(for: 2) == nil && cache.value(for: 1) == "small" && cache.byteCount == 10)
    }

    @Test func generationsAreKeptApart() {
        let cache = BoundedCache<Int, String>(capacity: 10)
        cache.keep("old", for: 1, generation: 7)
        #expect(cache.value(for: 1, generation: 7) == "old")
        #expect(cache.value(for: 1, generation: 8) == nil)
        #expect(cache.values(for: [1], generation: 8) == [nil])
        cache.keep("new", for: 2, generation: 8)
        #expect(cache.value(for: 1, generation: 7) == nil && cache.count == 1)
        cache.keep("refused", for: 3, generation: 8) { false }
        #expect(cache.value(for: 3, generation: 8) == nil)
    }

    /// Equal keys that differ in what they carry: the lookup gives the kept value and, when asked, keeps the newer key.
    @Test func aLookupCanRenewTheStoredKey() {
        struct Key: Hashable, Sendable {
            let id: Int
            let copy: Int
            static func == (a: Key, b: Key) -> Bool { a.id == b.id }
            func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }
        let cache = BoundedCache<Key, String>(capacity: 10)
        cache.keep("value", for: Key(id: 1, copy: 1))
        var seen: [Int] = []
        #expect(cache.value(for: Key(id: 1, copy: 2), renewingKeyIf: { seen.append($0.copy); return $0.copy != 2 }) == "value")
        #expect(cache.value(for: Key(id: 1, copy: 2), renewingKeyIf: { seen.append($0.copy); return $0.copy != 2 }) == "value")
        #expect(seen == [1, 2])
        #expect(cache.value(for: Key(id: 2, copy: 1), renewingKeyIf: { _ in true }) == nil)
    }

    /// A batch that would not fit beside what is kept is kept whole after starting over, not half forgotten.
    @Test func aBatchIsKeptTogether() {
        let cache = BoundedCache<Int, String>(capacity: 5)
        cache.keep([(1, "1", 0), (2, "2", 0), (3, "3", 0)])
        cache.keep([(4, "4", 0), (5, "5", 0), (6, "6", 0)])
        #expect(cache.values(for: [4, 5, 6, 1]) == ["4", "5", "6", nil])
        #expect(cache.count == 3)
    }

    /// Many tasks keeping and reading at once: the bounds hold at every moment anyone looks.
    @Test func boundsHoldUnderConcurrentUse() async {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 64, maximumBytes: 4_096)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var withinBounds = true
                    for step in 0..<2_000 {
                        let key = (task * 7_919 + step * 31) % 500
                        let bytes = (key % 9) * 40
                        if let found = cache.value(for: key) {
                            withinBounds = withinBounds && found.count == bytes
                        } else {
                            cache.keep([UInt8](repeating: UInt8(key % 256), count: bytes), bytes: bytes, for: key)
                        }
                        withinBounds = withinBounds && cache.count <= 64 && cache.byteCount <= 4_096
                    }
                    return withinBounds
                }
            }
            for await withinBounds in group {
                #expect(withinBounds)
            }
        }
    }

    /// Through two of its users: replacing a value gives its bytes back, so other values are not forgotten early.
    @Test func writeVersionedCacheCountsAReplacedValueOnce() {
        let cache = WriteVersionedCache<Int, String>(capacity: 3, maximumBytes: 100) { 1 }
        cache.keep("kept", bytes: 30, for: 1, readAt: 1)
        for _ in 1...5 {
            cache.keep("again", bytes: 30, for: 2, readAt: 1)
        }
        cache.keep("third", bytes: 30, for: 3, readAt: 1)
        #expect(cache.value(1, at: 1) == "kept")
    }

    /// A whole page larger than the bound is served but not kept: the bound holds for every page.
    @Test func keptPagesDoNotKeepAPageLargerThanTheirBound() {
        final class Owner: Sendable {}
        let pages = KeptPages(capacity: 3, maximumBytes: 1_000)
        let owner = Owner()
        let key = KeptPages.Key(template: "t", content: ObjectIdentifier(owner), layout: SamplePages.context(.korean).layout)
        let page = pages.keep(ByteBuffer(string: String(repeating: "x", count: 2_000)), content: owner, under: key)
        #expect(page.byteCount == 2_000)
        #expect(pages[key] == nil && pages.count == 0)
    }
}
