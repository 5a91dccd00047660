import Foundation
import GRDB
import OpenMarketStore

/// The front end's own database (`web.sqlite`): state that is ours, not the market's.
package enum WebDatabase {
    package static func open(path: String) throws -> DatabasePool {
        SQLiteMemory.limit()
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    /// Append-only, like the market's migrations.
    package static var migrator: DatabaseMigrator {
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
        migrator.registerMigration("v2 admin sessions and history") { db in
            try db.create(table: "adminAccount") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("passwordHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            // Only a SHA-256 of each session token is kept: a copy of this file does not sign anyone in.
            try db.create(table: "adminSession") { table in
                table.primaryKey("tokenHash", .text)
                table.column("createdAt", .datetime).notNull()
                table.column("expiresAt", .datetime).notNull().indexed()
            }
            try db.create(table: "auditEvent") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("at", .datetime).notNull()
                table.column("actor", .text).notNull()
                table.column("action", .text).notNull()
                table.column("productId", .integer)
                table.column("productName", .text).notNull()
                table.column("changes", .text).notNull()
                table.column("snapshot", .text)
                table.column("outcome", .text).notNull()
                table.column("detail", .text).notNull()
            }
            try db.create(index: "auditEvent_on_productId_id", on: "auditEvent", columns: ["productId", "id"])
        }
        migrator.registerMigration("v3 pending creates and counted history") { db in
            // An upload is recorded as pending with the creation key it gives the market, before the market is
            // asked; after a crash, start-up asks the market whether that key made a product and completes it.
            try db.alter(table: "auditEvent") { table in table.add(column: "creationKey", .text) }
            try db.create(index: "auditEvent_on_pending", on: "auditEvent", columns: ["outcome"], condition: Column("outcome") == "pending")
            // The history page shows a total on every view; a counter kept by triggers costs one row to read.
            try db.execute(sql: """
                CREATE TABLE auditCounter (id INTEGER PRIMARY KEY CHECK (id = 1), total INTEGER NOT NULL);
                INSERT INTO auditCounter (id, total) VALUES (1, (SELECT count(*) FROM auditEvent));
                CREATE TRIGGER auditEvent_count_ai AFTER INSERT ON auditEvent BEGIN
                    UPDATE auditCounter SET total = total + 1 WHERE id = 1;
                END;
                """)
        }
        migrator.registerMigration("v4 photo drafts") { db in
            // The photos of an upload form that came back with an error, kept for a short while so nobody chooses
            // them twice. Only a SHA-256 of the draft key and of the visitor's CSRF cookie is kept.
            try db.create(table: "photoDraft") { table in
                table.primaryKey("keyHash", .text)
                table.column("ownerHash", .text).notNull().indexed()
                table.column("expiresAt", .datetime).notNull().indexed()
            }
            try db.create(table: "photoDraftImage") { table in
                table.column("draftKeyHash", .text).notNull().references("photoDraft", onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("token", .text).notNull().unique()
                table.column("filename", .text).notNull()
                table.column("mediaType", .text).notNull()
                table.column("bytes", .blob).notNull()
                table.primaryKey(["draftKeyHash", "position"])
            }
            // Bytes of every draft together, kept by triggers: bounding them costs one row to read.
            try db.execute(sql: """
                CREATE TABLE photoDraftTotal (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL);
                INSERT INTO photoDraftTotal (id, bytes) VALUES (1, 0);
                CREATE TRIGGER photoDraftImage_bytes_ai AFTER INSERT ON photoDraftImage BEGIN
                    UPDATE photoDraftTotal SET bytes = bytes + length(NEW.bytes) WHERE id = 1;
                END;
                CREATE TRIGGER photoDraftImage_bytes_ad AFTER DELETE ON photoDraftImage BEGIN
                    UPDATE photoDraftTotal SET bytes = bytes - length(OLD.bytes) WHERE id = 1;
                END;
                """)
        }
        migrator.registerMigration("v5 kept photos of deleted products and restores") { db in
            // A product deleted through this front end keeps its photos, its main photo and its own password's hash
            // beside the delete's history entry for `DeletedProducts.retention`, so staff can list it again.
            try db.create(table: "keptProduct") { table in
                table.primaryKey("eventId", .integer).references("auditEvent", onDelete: .cascade)
                table.column("productId", .integer).notNull()
                table.column("vendorId", .integer).notNull()
                table.column("mainPosition", .integer).notNull()
                table.column("passwordHash", .text)
                table.column("keptUntil", .datetime).notNull()
                // While a restore is under way: the creation key the market keeps with the new product.
                table.column("restoreKey", .text)
                table.column("restoredProductId", .integer)
                table.column("restoredAt", .datetime)
            }
            try db.create(
                index: "keptProduct_on_keptUntil", on: "keptProduct", columns: ["keptUntil"],
                condition: Column("restoredProductId") == nil && Column("restoreKey") == nil)
            try db.create(
                index: "keptProduct_on_restoring", on: "keptProduct", columns: ["eventId"],
                condition: Column("restoreKey") != nil && Column("restoredProductId") == nil)
            try db.create(table: "keptPhoto") { table in
                table.column("eventId", .integer).notNull().references("keptProduct", onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("mediaType", .text).notNull()
                table.column("bytes", .blob).notNull()
                table.primaryKey(["eventId", "position"])
            }
            // A restore's entry names the deleted product it came from.
            try db.alter(table: "auditEvent") { table in table.add(column: "relatedProductId", .integer) }
        }
        migrator.registerMigration("v6 site key") { db in
            // The key the site signs its CSRF tokens and the console's device cookies with, made on the first start.
            try db.create(table: "siteKey") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("key", .blob).notNull()
            }
        }
        migrator.registerMigration("v7 history by action and by time") { db in
            // The history page filters by action, by refusals and by day, and pages by id within either.
            try db.create(index: "auditEvent_on_action_id", on: "auditEvent", columns: ["action", "id"])
            try db.create(index: "auditEvent_on_at", on: "auditEvent", columns: ["at"])
            try db.create(index: "auditEvent_on_outcome_id", on: "auditEvent", columns: ["outcome", "id"])
        }
        migrator.registerMigration("v8 seller names, like counts and search counts") { db in
            try db.create(table: "sellerName") { table in
                table.primaryKey("productId", .integer)
                table.column("name", .text).notNull()
            }
            // A seller's other products, newest first.
            try db.create(index: "sellerName_on_name_productId", on: "sellerName", columns: ["name", "productId"])
            try db.create(table: "likeCount") { table in
                table.primaryKey("productId", .integer)
                table.column("likes", .integer).notNull()
            }
            // Words and days only: nothing here says who searched.
            try db.create(table: "searchCount") { table in
                table.column("day", .integer).notNull()
                table.column("term", .text).notNull()
                table.column("searches", .integer).notNull()
                table.primaryKey(["day", "term"])
            }
        }
        migrator.registerMigration("v9 product questions") { db in
            try db.create(table: "productQuestion") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("productId", .integer).notNull()
                table.column("nickname", .text).notNull()
                table.column("text", .text).notNull()
                table.column("passwordHash", .text).notNull()
                table.column("isPrivate", .boolean).notNull()
                // The SHA-256 of the asker's address, for the limit on new questions; never shown.
                table.column("askerKey", .text).notNull()
                table.column("askedAt", .datetime).notNull()
                table.column("answer", .text)
                table.column("answeredAt", .datetime)
                table.column("isHidden", .boolean).notNull().defaults(to: false)
            }
            // A product's questions newest first; an asker's within the last hour; the console's newest first by id.
            try db.create(index: "productQuestion_on_productId_id", on: "productQuestion", columns: ["productId", "id"])
            try db.create(index: "productQuestion_on_askerKey_askedAt", on: "productQuestion", columns: ["askerKey", "askedAt"])
        }
        return migrator
    }
}
