import GRDB
import OpenMarketCore

extension SQLiteMarket {
    /// Counts again how many products hold each common trigram (see `TrigramStatisticsSchema`): after a fill,
    /// or when the market has changed a lot since the last count. One pass over the trigram index, in one
    /// transaction (about 6 s at 1,000,000 products); searches keep working meanwhile, on the previous counts.
    public func refreshSearchStatistics() async throws(OpenMarketError) {
        try await write { db in
            for statement in TrigramStatisticsSchema.refreshStatements { try db.execute(sql: statement) }
        }
    }
}
