import OpenMarketWebState

/// Answers read from the embedded market, kept until its next write.
///
/// A value is kept only if no write committed between the start of its read (`version`, taken before reading) and
/// the moment it is kept, and every kept value is dropped as soon as a write commits, so nothing written through
/// this process is ever served stale (`SQLiteMarket.writeVersion`, `PostgresMarket.writeVersion`). The market's
/// version is the cache's generation; its bounds are `BoundedCache`'s.
package final class WriteVersionedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let kept: BoundedCache<Key, Value>
    private let currentVersion: @Sendable () -> UInt64

    package init(capacity: Int, maximumBytes: Int = .max, version: @escaping @Sendable () -> UInt64) {
        kept = BoundedCache(capacity: capacity, maximumBytes: maximumBytes)
        currentVersion = version
    }

    /// The market's version now: take it before reading, and keep what was read at it.
    package var version: UInt64 { currentVersion() }

    /// The value kept for `key`, if it was read at `version`.
    package func value(_ key: Key, at version: UInt64) -> Value? {
        kept.value(for: key, generation: version)
    }

    /// Keeps a value read at `version`, unless a write has committed since; a newer version empties the cache.
    /// `bytes` is what the value holds, counted against `maximumBytes`; a value larger than that is not kept.
    package func keep(_ value: Value, bytes: Int = 0, for key: Key, readAt version: UInt64) {
        kept.keep(value, bytes: bytes, for: key, generation: version) { version == currentVersion() }
    }

    /// How many values are kept (for tests).
    package var count: Int { kept.count }
}
