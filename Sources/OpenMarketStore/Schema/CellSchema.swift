/// The SQL of the filter cells: the storefront and the admin filter by stock (in or sold out) and currency,
/// so every product falls in one of four cells, and each cell's size is kept by triggers.
///
/// `cell` = (currency = 'USD') × 2 + (stock > 0): 0 won sold out, 1 won in stock, 2 dollars sold out, 3 dollars
/// in stock. Any filter is a set of cells, and its count is a sum of at most four counters.
enum CellSchema {
    static let statements: [String] = [
        "ALTER TABLE product ADD COLUMN cell INTEGER GENERATED ALWAYS AS ((currency = 'USD') * 2 + (stock > 0)) VIRTUAL",
        // What the shopper pays, for the storefront's price order.
        "ALTER TABLE product ADD COLUMN salePriceMinor INTEGER GENERATED ALWAYS AS (priceMinor - discountMinor) VIRTUAL",
        // (cell, id): a filtered newest-first page reads only its cells' rows.
        "CREATE INDEX product_on_cell ON product(cell)",
        "CREATE INDEX product_on_currency_salePriceMinor ON product(currency, salePriceMinor)",
        // The currency is implied by the cell; it is in the index so the order (currency, sale, id) comes from it.
        "CREATE INDEX product_on_cell_currency_salePriceMinor ON product(cell, currency, salePriceMinor)",
        // The admin's discount order, (currency, discountMinor, id) in both directions.
        "CREATE INDEX product_on_currency_discountMinor ON product(currency, discountMinor)",
        // Every other order per cell too, so a filtered admin table reads only the rows it shows.
        "CREATE INDEX product_on_cell_name ON product(cell, name)",
        "CREATE INDEX product_on_cell_currency_priceMinor ON product(cell, currency, priceMinor)",
        "CREATE INDEX product_on_cell_currency_discountMinor ON product(cell, currency, discountMinor)",
        "CREATE INDEX product_on_cell_stock ON product(cell, stock)",
        "CREATE INDEX product_on_cell_createdAt ON product(cell, createdAt)",
        // Never used alone: prices are only ordered within a currency.
        "DROP INDEX product_on_priceMinor",
        "DROP INDEX product_on_discountMinor",
        "CREATE TABLE productCellCounter (cell INTEGER PRIMARY KEY CHECK (cell BETWEEN 0 AND 3), total INTEGER NOT NULL)",
        """
        INSERT INTO productCellCounter (cell, total)
        SELECT value, (SELECT count(*) FROM product WHERE product.cell = value) FROM json_each('[0, 1, 2, 3]')
        """,
        "CREATE TRIGGER product_cell_ai AFTER INSERT ON product BEGIN UPDATE productCellCounter SET total = total + 1 WHERE cell = new.cell; END",
        "CREATE TRIGGER product_cell_ad AFTER DELETE ON product BEGIN UPDATE productCellCounter SET total = total - 1 WHERE cell = old.cell; END",
        """
        CREATE TRIGGER product_cell_au AFTER UPDATE OF currency, stock ON product WHEN old.cell != new.cell BEGIN
            UPDATE productCellCounter SET total = total - 1 WHERE cell = old.cell;
            UPDATE productCellCounter SET total = total + 1 WHERE cell = new.cell;
        END
        """,
    ]
}
