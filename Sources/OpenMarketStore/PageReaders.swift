import GRDB
import NIOConcurrencyHelpers

/// Read-only connections to the market's file for its page reads (`SQLiteMarket.read`), each taken from a stack
/// under a lock and put back after the read. GRDB's pool takes one through a queue, a semaphore, a key path and a
/// schema check on every read, a twelfth of a product page nobody asked for; the schema cannot change under these,
/// because migrations end before the market is made. A connection is opened when none is idle, so there are as
/// many as reads ever ran at once: at most one per reading thread.
final class PageReaders: Sendable {
    private let path: String
    private let configuration: Configuration
    private let idle = NIOLockedValueBox<[DatabaseQueue]>([])

    init(path: String) {
        self.path = path
        var configuration = MarketDatabase.readerConfiguration()
        configuration.readonly = true
        self.configuration = configuration
    }

    /// The body in one snapshot of the file (`readInSnapshot`), on the calling thread: call it off Swift's
    /// cooperative threads.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let reader = try idle.withLockedValue { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        defer { idle.withLockedValue { $0.append(reader) } }
        return try reader.readInSnapshot(body)
    }

    /// The connections not reading now: all those opened, between reads.
    var idleCount: Int { idle.withLockedValue { $0.count } }
}
