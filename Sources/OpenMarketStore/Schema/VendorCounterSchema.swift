/// The SQL of the per-vendor product counts: a seller page says how many products the seller has, and counting
/// them would read every one of a vendor's rows (a filled market gives a vendor some eighty thousand) on each view.
///
/// A seller page's products need no index of their own: `product_on_vendorId` is (vendorId, rowid), so
/// "this vendor's products before id N, newest first" is one seek and a walk of the page.
enum VendorCounterSchema {
    static let statements: [String] = [
        """
        CREATE TABLE vendorProductCounter (
            vendorId INTEGER PRIMARY KEY REFERENCES vendor(id) ON DELETE CASCADE,
            total INTEGER NOT NULL CHECK (total >= 0)
        )
        """,
        "INSERT INTO vendorProductCounter (vendorId, total) SELECT vendor.id, 0 FROM vendor",
        recount,
        """
        CREATE TRIGGER vendor_counter_ai AFTER INSERT ON vendor BEGIN
            INSERT OR IGNORE INTO vendorProductCounter (vendorId, total) VALUES (new.id, 0);
        END
        """,
        """
        CREATE TRIGGER product_vendor_count_ai AFTER INSERT ON product BEGIN
            UPDATE vendorProductCounter SET total = total + 1 WHERE vendorId = new.vendorId;
        END
        """,
        """
        CREATE TRIGGER product_vendor_count_ad AFTER DELETE ON product BEGIN
            UPDATE vendorProductCounter SET total = total - 1 WHERE vendorId = old.vendorId;
        END
        """,
        """
        CREATE TRIGGER product_vendor_count_au AFTER UPDATE OF vendorId ON product WHEN old.vendorId != new.vendorId BEGIN
            UPDATE vendorProductCounter SET total = total - 1 WHERE vendorId = old.vendorId;
            UPDATE vendorProductCounter SET total = total + 1 WHERE vendorId = new.vendorId;
        END
        """,
    ]

    /// Every vendor's count from the rows, one seek of `product_on_vendorId` per vendor (after a bulk fill).
    static let recount = """
        UPDATE vendorProductCounter SET total = (SELECT count(*) FROM product WHERE product.vendorId = vendorProductCounter.vendorId)
        """
}
