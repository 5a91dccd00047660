import Foundation
import GRDB

/// The front end's own database (`web.sqlite`): state that is ours, not the market's.
enum WebDatabase {
    static func open(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    /// Append-only, like the market's migrations.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 product passwords") { db in
            // Products listed through our form get their own password, as in the first OpenMarket;
            // the market only knows the vendor's secret, which sellers never see.
            try db.create(table: "productPassword") { table in
                table.primaryKey("productId", .integer)
                table.column("passwordHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
