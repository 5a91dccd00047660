import GRDB

extension MarketDatabase {
    /// Append-only: a shipped migration is never edited, a change is a new named migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 vendors products images tokens") { db in
            try db.create(table: "vendor") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique()
                table.column("identifier", .text).notNull().unique()
                table.column("secretHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "product") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("vendor", onDelete: .restrict).notNull()
                table.column("name", .text).notNull()
                table.column("description", .text).notNull()
                table.column("currency", .text).notNull().check { ["KRW", "USD"].contains($0) }
                // Money in the currency's minor unit (won, cents): never binary floating point.
                table.column("priceMinor", .integer).notNull().check { $0 > 0 }
                table.column("discountMinor", .integer).notNull().check { $0 >= 0 }
                table.column("stock", .integer).notNull().check { $0 >= 0 }
                table.column("thumbnailImageId", .integer)
                table.column("createdAt", .datetime).notNull()
                table.check(sql: "discountMinor <= priceMinor")
            }
            try db.create(table: "productImage") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("product", onDelete: .cascade).notNull()
                table.column("position", .integer).notNull()
                table.column("key", .text).notNull().unique()
                table.column("fileExtension", .text).notNull()
                table.column("mediaType", .text).notNull()
                table.column("bytes", .blob).notNull()
                table.column("createdAt", .datetime).notNull()
                table.uniqueKey(["productId", "position"])
            }
            try db.create(table: "deleteToken") { table in
                table.column("token", .text).primaryKey()
                table.belongsTo("product", onDelete: .cascade).notNull()
                table.belongsTo("vendor", onDelete: .cascade).notNull()
                table.column("expiresAt", .datetime).notNull().indexed()
            }
            // Substring search over name and description. The trigram tokenizer folds case and lets
            // MATCH and LIKE use the index for queries of three characters or more.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE productSearch USING fts5(
                    name, description, content='product', content_rowid='id', tokenize='trigram'
                );
                CREATE TRIGGER product_ai AFTER INSERT ON product BEGIN
                    INSERT INTO productSearch(rowid, name, description) VALUES (new.id, new.name, new.description);
                END;
                CREATE TRIGGER product_ad AFTER DELETE ON product BEGIN
                    INSERT INTO productSearch(productSearch, rowid, name, description)
                    VALUES ('delete', old.id, old.name, old.description);
                END;
                CREATE TRIGGER product_au AFTER UPDATE OF name, description ON product BEGIN
                    INSERT INTO productSearch(productSearch, rowid, name, description)
                    VALUES ('delete', old.id, old.name, old.description);
                    INSERT INTO productSearch(rowid, name, description) VALUES (new.id, new.name, new.description);
                END;
                """)
        }
        migrator.registerMigration("v2 product counter") { db in
            // The list shows a total on every page view; counting rows would scan the whole table each time.
            try db.execute(sql: """
                CREATE TABLE productCounter (id INTEGER PRIMARY KEY CHECK (id = 1), total INTEGER NOT NULL);
                INSERT INTO productCounter (id, total) VALUES (1, (SELECT count(*) FROM product));
                CREATE TRIGGER product_count_ai AFTER INSERT ON product BEGIN
                    UPDATE productCounter SET total = total + 1 WHERE id = 1;
                END;
                CREATE TRIGGER product_count_ad AFTER DELETE ON product BEGIN
                    UPDATE productCounter SET total = total - 1 WHERE id = 1;
                END;
                """)
        }
        migrator.registerMigration("v3 indexes for sorting and filtering") { db in
            // The admin table sorts by any column and filters by stock and currency; each gets an index so a
            // page of it reads rows in order instead of sorting the whole table.
            try db.create(index: "product_on_priceMinor", on: "product", columns: ["priceMinor"])
            try db.create(index: "product_on_discountMinor", on: "product", columns: ["discountMinor"])
            try db.create(index: "product_on_stock", on: "product", columns: ["stock"])
            try db.create(index: "product_on_createdAt", on: "product", columns: ["createdAt"])
            try db.create(index: "product_on_name", on: "product", columns: ["name"])
            try db.create(index: "product_on_currency_priceMinor", on: "product", columns: ["currency", "priceMinor"])
        }
        migrator.registerMigration("v4 filter cells, sale price and their counters") { db in
            for statement in CellSchema.statements { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v5 index for one- and two-character searches") { db in
            for statement in ShortSearchSchema.statements { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v6 rank tables for numbered pages") { db in
            // A numbered page deep in a list is found through these instead of an OFFSET over the rows before it.
            for order in ProductOrder.rankedSinceV6 {
                for statement in RankSchema.createStatements(for: order) { try db.execute(sql: statement) }
                for statement in RankSchema.rebuildStatements(for: order) { try db.execute(sql: statement) }
            }
            for statement in RankSchema.productTriggers(orders: ProductOrder.rankedSinceV6) { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v7 product passwords, creation keys, image extensions from their bytes") { db in
            // A product listed with its own password (the storefront's form; v1 apps) keeps its bcrypt hash here,
            // written in the same transaction as the product, so no crash leaves one without the other.
            try db.create(table: "productPassword") { table in
                table.primaryKey("productId", .integer).references("product", onDelete: .cascade)
                table.column("passwordHash", .text).notNull()
            }
            try db.alter(table: "product") { table in table.add(column: "creationKey", .text) }
            try db.create(index: "product_on_creationKey", on: "product", columns: ["creationKey"], unique: true, condition: Column("creationKey") != nil)
            // URLs once took the uploader's file extension; from now on it follows the bytes.
            try db.execute(sql: """
                UPDATE productImage SET fileExtension = CASE mediaType
                    WHEN 'image/jpeg' THEN 'jpg' WHEN 'image/png' THEN 'png' WHEN 'image/gif' THEN 'gif' WHEN 'image/webp' THEN 'webp'
                    ELSE fileExtension END
                """)
        }
        migrator.registerMigration("v8 processed photos and their variants") { db in
            // Set once a photo's bytes are the upright display image without metadata; rows from before this
            // migration are processed on their first request (`SQLiteMarket.image(named:)`).
            try db.alter(table: "productImage") { table in table.add(column: "processedAt", .datetime) }
            try db.create(table: "productImageVariant", options: .withoutRowID) { table in
                table.column("imageId", .integer).notNull().references("productImage", onDelete: .cascade)
                table.column("format", .text).notNull()
                table.column("width", .integer).notNull()
                table.column("height", .integer).notNull()
                table.column("bytes", .blob).notNull()
                table.primaryKey(["imageId", "format", "width"])
            }
        }
        migrator.registerMigration("v9 vendor counters and the vendor order's pages") { db in
            // The vendor order's deep pages: vendors by name with their products' counts, then the n-th product of
            // one vendor through a rank table over (vendorId, id), instead of an OFFSET through up to half the rows.
            for statement in VendorCounterSchema.statements { try db.execute(sql: statement) }
            try db.execute(sql: "CREATE INDEX product_on_cell_vendorId ON product(cell, vendorId)")
            for statement in RankSchema.createStatements(for: .vendorProducts) { try db.execute(sql: statement) }
            for statement in RankSchema.rebuildStatements(for: .vendorProducts) { try db.execute(sql: statement) }
            for trigger in ["product_rank_ai", "product_rank_ad", "product_rank_au"] { try db.execute(sql: "DROP TRIGGER \(trigger)") }
            for statement in RankSchema.productTriggers(orders: ProductOrder.rankedSinceV6 + [.vendorProducts]) { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v10 trigram statistics for long searches") { db in
            // A long search reads its rarest trigrams first; these counts say which they are (see `ProductSearch`).
            try db.execute(sql: TrigramStatisticsSchema.createStatement)
            for statement in TrigramStatisticsSchema.refreshStatements { try db.execute(sql: statement) }
        }
        return migrator
    }
}
