import NIOConcurrencyHelpers

/// Answers read from the embedded market, kept until its next write.
///
/// A value is kept only if no write committed between the start of its read (`version`, taken before reading) and
/// the moment it is kept, and every kept value is dropped as soon as a write commits, so nothing written through
/// this process is ever served stale (`SQLiteMarket.writeVersion`, `PostgresMarket.writeVersion`). Past `capacity` values or `maximumBytes` the
/// cache starts over, so it stays bounded whatever is asked.
final class WriteVersionedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    let maximumBytes: Int
    private let currentVersion: @Sendable () -> UInt64

    private struct Entries {
        var version: UInt64 = 0
        var values: [Key: Value] = [:]
        var bytes = 0
    }

    private let entries = NIOLockedValueBox(Entries())

    init(capacity: Int, maximumBytes: Int = .max, version: @escaping @Sendable () -> UInt64) {
        self.capacity = capacity
        self.maximumBytes = maximumBytes
        currentVersion = version
    }

    /// The market's version now: take it before reading, and keep what was read at it.
    var version: UInt64 { currentVersion() }

    /// The value kept for `key`, if it was read at `version`.
    func value(_ key: Key, at version: UInt64) -> Value? {
        entries.withLockedValue { $0.version == version ? $0.values[key] : nil }
    }

    /// Keeps a value read at `version`, unless a write has committed since; a newer version empties the cache.
    /// `bytes` is what the value holds, counted against `maximumBytes`; a value larger than that is not kept.
    func keep(_ value: Value, bytes: Int = 0, for key: Key, readAt version: UInt64) {
        guard bytes <= maximumBytes else { return }
        entries.withLockedValue { entries in
            guard version == currentVersion() else { return }
            if entries.version != version || entries.values.count >= capacity || entries.bytes + bytes > maximumBytes {
                entries = Entries(version: version)
            }
            entries.values[key] = value
            entries.bytes += bytes
        }
    }

    /// How many values are kept (for tests).
    var count: Int {
        entries.withLockedValue { $0.values.count }
    }
}
