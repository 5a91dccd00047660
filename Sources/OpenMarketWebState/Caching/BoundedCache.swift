import NIOConcurrencyHelpers

/// Values kept between requests, bounded by count and by bytes: a value that would pass either bound makes the cache
/// forget everything and start over. Starting over costs one miss per value that was kept and no bookkeeping per
/// lookup, which suits caches whose values are cheap to make again and read far more often than made.
///
/// What is worth keeping, and whether a kept value still holds, is decided by the cache's user: by its key, by
/// comparing the kept value, or by a `generation` (a value kept in one generation is not found in another, and
/// keeping one in a new generation forgets the old). A cache of pages can also ask `admits` first: once it is half
/// full it keeps only what was asked for before, so a long tail of pages seen once neither costs the keeping nor
/// makes the cache start over.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package let capacity: Int
    package let maximumBytes: Int
    /// Whether `admits` asks for a second ask once the cache is half full (else it always admits).
    package let secondAskWhenBusy: Bool

    private struct Kept {
        let value: Value
        let bytes: Int
    }

    private struct Entries {
        var generation: UInt64 = 0
        var kept: [Key: Kept] = [:]
        var bytes = 0
    }

    private let entries = NIOLockedValueBox(Entries())
    /// The hashes of keys asked for once while the cache was busy, one per slot (a slot's newer ask takes it over).
    private let asked: NIOLockedValueBox<[Int]>


    /// At most `capacity` values of at most `maximumBytes` together; a value larger than that is never kept.
    package init(capacity: Int, maximumBytes: Int = .max, secondAskWhenBusy: Bool = false) {
        precondition(capacity > 0 && maximumBytes >= 0, "a cache must be able to keep something")
        self.capacity = capacity
        self.maximumBytes = maximumBytes
        self.secondAskWhenBusy = secondAskWhenBusy
        asked = NIOLockedValueBox(secondAskWhenBusy ? Array(repeating: 0, count: Self.slots(for: capacity)) : [])
    }

    /// Twice the capacity, a power of two: a key asked for again soon after finds its slot still its own.
    private static func slots(for capacity: Int) -> Int {
        var slots = 1
        while slots < capacity * 2 { slots *= 2 }
        return slots
    }

    /// Whether a value made for `key` (not found) is worth keeping now: always while the cache is less than half
    /// full (in count and bytes), else only when `key` was asked for before; the first ask is remembered.
    package func admits(_ key: Key) -> Bool {
        admitted([key])[0]
    }

    /// `admits` for several keys, under one look at the cache.
    package func admitted(_ keys: [Key]) -> [Bool] {
        guard secondAskWhenBusy else { return keys.map { _ in true } }
        let busy = entries.withLockedValue { $0.kept.count >= (capacity + 1) / 2 || $0.bytes >= maximumBytes - maximumBytes / 2 }
        guard busy else { return keys.map { _ in true } }
        return asked.withLockedValue { asked in
            keys.map { key in
                let (hash, slot) = Self.askSlot(of: key, slots: asked.count)
                if asked[slot] == hash {
                    asked[slot] = 0
                    return true
                }
                asked[slot] = hash
                return false
            }
        }
    }

    /// The mark a key leaves in the table of asks, and its slot there. 0 marks an empty slot, so a key hashing to
    /// 0 is taken as 1.
    private static func askSlot(of key: Key, slots: Int) -> (hash: Int, slot: Int) {
        let hash = key.hashValue == 0 ? 1 : key.hashValue
        return (hash, Int(UInt(bitPattern: hash) & UInt(slots - 1)))
    }

    /// Whether two keys' asks take the same slot, so that the later one's forgets the earlier (for tests: hashes
    /// are seeded per process).
    package func asksShareASlot(_ key: Key, _ other: Key) -> Bool {
        let slots = Self.slots(for: capacity)
        return Self.askSlot(of: key, slots: slots).slot == Self.askSlot(of: other, slots: slots).slot
    }

    /// The value kept for `key` in `generation`.
    package func value(for key: Key, generation: UInt64 = 0) -> Value? {
        entries.withLockedValue { $0.generation == generation ? $0.kept[key]?.value : nil }
    }

    /// The values kept for `keys` in `generation`, in their order, looked up under one lock.
    package func values(for keys: [Key], generation: UInt64 = 0) -> [Value?] {
        entries.withLockedValue { entries in
            entries.generation == generation ? keys.map { entries.kept[$0]?.value } : keys.map { _ in nil }
        }
    }

    /// The value kept under a key equal to `key`. When `renew` says so of the stored key, `key` takes its place:
    /// equal keys can differ in how cheaply they compare, and the next lookups then compare against the newer one.
    package func value(for key: Key, renewingKeyIf renew: (_ stored: Key) -> Bool) -> Value? {
        entries.withLockedValue { entries in
            guard let index = entries.kept.index(forKey: key) else { return nil }
            let (stored, kept) = entries.kept[index]
            if renew(stored) {
                entries.kept.remove(at: index)
                entries.kept[key] = kept
            }
            return kept.value
        }
    }

    /// Keeps `value` under `key` in `generation`, if `isCurrent` (asked under the lock) agrees. `bytes` is what the
    /// value holds; a value larger than `maximumBytes` is not kept, and nothing is forgotten for it.
    package func keep(_ value: Value, bytes: Int = 0, for key: Key, generation: UInt64 = 0, if isCurrent: () -> Bool = { true }) {
        guard bytes <= maximumBytes else { return }
        entries.withLockedValue { entries in
            guard isCurrent() else { return }
            Self.keep(value, bytes: bytes, for: key, generation: generation, in: &entries, capacity: capacity, maximumBytes: maximumBytes)
        }
    }

    /// Keeps several values under one lock, as `keep(_:bytes:for:generation:)` keeps each; when they would not all
    /// fit beside what is kept, the cache starts over first, so that they are kept together.
    package func keep(_ values: [(key: Key, value: Value, bytes: Int)], generation: UInt64 = 0) {
        entries.withLockedValue { entries in
            if entries.generation != generation {
                entries = Entries(generation: generation)
            }
            let added = values.filter { entries.kept[$0.key] == nil }.count
            let bytes = values.reduce(0) { $0 + $1.bytes }
            if entries.kept.count + added > capacity || entries.bytes + bytes > maximumBytes {
                entries = Entries(generation: generation)
            }
            for (key, value, bytes) in values where bytes <= maximumBytes {
                Self.keep(value, bytes: bytes, for: key, generation: generation, in: &entries, capacity: capacity, maximumBytes: maximumBytes)
            }
        }
    }

    private static func keep(
        _ value: Value, bytes: Int, for key: Key, generation: UInt64, in entries: inout Entries, capacity: Int, maximumBytes: Int
    ) {
        if entries.generation != generation {
            entries = Entries(generation: generation)
        }
        let replaced = entries.kept[key]?.bytes
        let count = entries.kept.count + (replaced == nil ? 1 : 0)
        if count > capacity || entries.bytes - (replaced ?? 0) + bytes > maximumBytes {
            entries = Entries(generation: generation)
        } else if let replaced {
            entries.bytes -= replaced
        }
        entries.kept[key] = Kept(value: value, bytes: bytes)
        entries.bytes += bytes
    }

    /// How many values are kept.
    package var count: Int {
        entries.withLockedValue { $0.kept.count }
    }

    /// How many bytes the kept values hold, as they were given.
    package var byteCount: Int {
        entries.withLockedValue { $0.bytes }
    }
}
