import GRDBSQLite

/// One memory budget for every SQLite connection of the process: the market's writer and readers and the web
/// store's. A market connection may still cache up to the whole budget (`MarketDatabase.cacheKilobytes`), so one
/// long search keeps its pages; past the budget, connections reuse their own cached pages instead of allocating
/// more. Six connections with a 16 MB cache each held about 96 MB after a minute of random pages (docs/design.md,
/// "Data and queries").
public enum SQLiteMemory {
    /// The soft limit on all of SQLite's heap (`sqlite3_soft_heap_limit64`).
    public static let budgetBytes: Int64 = 12 * 1024 * 1024

    /// Sets the budget; every database of the process calls it before opening, and setting it again is harmless.
    public static func limit() {
        _ = sqlite3_soft_heap_limit64(budgetBytes)
    }

    /// The budget in force (for tests).
    public static var currentLimit: Int64 { sqlite3_soft_heap_limit64(-1) }
}
