/// Each vendor's number of products per filter cell (see `CellSchema`), kept by triggers like the market's
/// other counters: the vendor order adds them up vendor by vendor to find which vendor a page starts in.
enum VendorCounterSchema {
    static let statements: [String] = [
        """
        CREATE TABLE vendorCellCounter (
            vendorId INTEGER NOT NULL, cell INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 3), total INTEGER NOT NULL,
            PRIMARY KEY (vendorId, cell)
        ) WITHOUT ROWID
        """,
        recount,
        """
        CREATE TRIGGER product_vendor_cell_ai AFTER INSERT ON product BEGIN
            INSERT INTO vendorCellCounter (vendorId, cell, total) VALUES (new.vendorId, new.cell, 1)
            ON CONFLICT (vendorId, cell) DO UPDATE SET total = total + 1;
        END
        """,
        """
        CREATE TRIGGER product_vendor_cell_ad AFTER DELETE ON product BEGIN
            UPDATE vendorCellCounter SET total = total - 1 WHERE vendorId = old.vendorId AND cell = old.cell;
        END
        """,
        """
        CREATE TRIGGER product_vendor_cell_au AFTER UPDATE OF vendorId, currency, stock ON product
        WHEN old.cell != new.cell OR old.vendorId != new.vendorId BEGIN
            UPDATE vendorCellCounter SET total = total - 1 WHERE vendorId = old.vendorId AND cell = old.cell;
            INSERT INTO vendorCellCounter (vendorId, cell, total) VALUES (new.vendorId, new.cell, 1)
            ON CONFLICT (vendorId, cell) DO UPDATE SET total = total + 1;
        END
        """,
    ]

    /// Counts every vendor's products again from the rows (after a bulk fill, and when the table is made).
    static let recount = """
        INSERT OR REPLACE INTO vendorCellCounter (vendorId, cell, total)
        SELECT vendorId, cell, count(*) FROM product GROUP BY vendorId, cell
        """
}
