import Logging
import PostgresNIO

/// The market's tables in PostgreSQL, as named, append-only migrations: a shipped one is never edited, a change is
/// a new one. `schema_migrations` records which have run.
///
/// Every instance of the front end runs `migrate` at start. They may start together: each takes the same
/// transaction-level advisory lock first, so one applies what is missing while the others wait, then find it done.
/// Each migration runs in that one transaction with its record, so none is ever half applied.
enum PostgresSchema {
    typealias Migration = PostgresMigration

    /// The advisory lock's key: any fixed number other programs sharing the server are unlikely to use.
    static let migrationLock: Int64 = 0x4F4D_4B54_5347_0001
    /// Taken by the transaction that loads the sample products, so that it runs once.
    static let sampleDataLock: Int64 = 0x4F4D_4B54_5347_0002

    static let migrations: [Migration] = [
        Migration(name: "v1 vendors products images tokens", statements: version1),
        Migration(name: "v2 product passwords, admin orders, vendor counters", statements: version2),
        Migration(name: "v3 write notifications", statements: version3),
        Migration(name: "v4 product counts per id bucket, for deep admin pages", statements: idBuckets),
    ]

    static let version1: [String] = [
        // Substring search over three characters or more (LIKE and ILIKE through trigram indexes).
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        """
        CREATE TABLE vendor (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name text NOT NULL UNIQUE,
            identifier text NOT NULL UNIQUE,
            secret_hash text NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        // Money in the currency's minor unit (won, cents): never binary floating point. `cell` and the sale price
        // are computed by the server, so no writer can get them wrong; `search_windows` is written by the store.
        """
        CREATE TABLE product (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            vendor_id bigint NOT NULL REFERENCES vendor (id) ON DELETE RESTRICT,
            name text NOT NULL,
            description text NOT NULL,
            currency text COLLATE "C" NOT NULL CHECK (currency IN ('KRW', 'USD')),
            price_minor bigint NOT NULL CHECK (price_minor > 0),
            discount_minor bigint NOT NULL CHECK (discount_minor >= 0),
            stock bigint NOT NULL CHECK (stock >= 0),
            thumbnail_image_id bigint,
            created_at timestamptz NOT NULL,
            search_windows text[] NOT NULL,
            cell smallint NOT NULL GENERATED ALWAYS AS (
                (CASE WHEN currency = 'USD' THEN 2 ELSE 0 END) + (CASE WHEN stock > 0 THEN 1 ELSE 0 END)) STORED,
            sale_price_minor bigint NOT NULL GENERATED ALWAYS AS (price_minor - discount_minor) STORED,
            CHECK (discount_minor <= price_minor)
        )
        """,
        "CREATE INDEX product_on_vendor_id ON product (vendor_id)",
        // Newest first within filter cells; the sale price order, whole and per cell (the cell implies the currency).
        "CREATE INDEX product_on_cell_id ON product (cell, id)",
        "CREATE INDEX product_on_currency_sale ON product (currency, sale_price_minor, id)",
        "CREATE INDEX product_on_cell_currency_sale ON product (cell, currency, sale_price_minor, id)",
        // Searches: trigrams for three characters or more, the one- and two-character windows for shorter ones.
        // Without GIN's pending list: entries go straight into the index, so a burst of listings never leaves
        // searches scanning an unsorted list (whose size also makes the planner turn from the index).
        "CREATE INDEX product_name_trgm ON product USING gin (name gin_trgm_ops) WITH (fastupdate = off)",
        "CREATE INDEX product_description_trgm ON product USING gin (description gin_trgm_ops) WITH (fastupdate = off)",
        "CREATE INDEX product_search_windows ON product USING gin (search_windows) WITH (fastupdate = off)",
        // The list shows totals on every page: counters per filter cell, kept by a trigger, instead of count(*).
        """
        CREATE TABLE product_cell_counter (
            cell smallint PRIMARY KEY CHECK (cell BETWEEN 0 AND 3),
            total bigint NOT NULL
        )
        """,
        "INSERT INTO product_cell_counter (cell, total) VALUES (0, 0), (1, 0), (2, 0), (3, 0)",
        // One UPDATE per row change, so concurrent writers lock counter rows in the same order.
        """
        CREATE FUNCTION product_cell_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                UPDATE product_cell_counter SET total = total + 1 WHERE cell = NEW.cell;
            ELSIF TG_OP = 'DELETE' THEN
                UPDATE product_cell_counter SET total = total - 1 WHERE cell = OLD.cell;
            ELSE
                UPDATE product_cell_counter SET total = total + (CASE WHEN cell = NEW.cell THEN 1 ELSE -1 END)
                WHERE cell IN (OLD.cell, NEW.cell);
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER product_cell_insert_delete AFTER INSERT OR DELETE ON product FOR EACH ROW EXECUTE FUNCTION product_cell_count()",
        """
        CREATE TRIGGER product_cell_update AFTER UPDATE OF currency, stock ON product
        FOR EACH ROW WHEN (OLD.cell IS DISTINCT FROM NEW.cell) EXECUTE FUNCTION product_cell_count()
        """,
        // Photos: metadata here, bytes in tables of their own, so no list or detail query ever reads them.
        """
        CREATE TABLE product_image (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            product_id bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
            position integer NOT NULL,
            key text NOT NULL UNIQUE,
            file_extension text NOT NULL,
            media_type text NOT NULL,
            created_at timestamptz NOT NULL,
            UNIQUE (product_id, position)
        )
        """,
        // The display image: upright, without metadata, within the API's 300 KB.
        """
        CREATE TABLE product_image_display (
            image_id bigint PRIMARY KEY REFERENCES product_image (id) ON DELETE CASCADE,
            bytes bytea NOT NULL
        )
        """,
        """
        CREATE TABLE product_image_variant (
            image_id bigint NOT NULL REFERENCES product_image (id) ON DELETE CASCADE,
            format text NOT NULL,
            width integer NOT NULL,
            height integer NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (image_id, format, width)
        )
        """,
        // JPEG and WebP are compressed already: stored out of line as they are, not compressed again.
        "ALTER TABLE product_image_display ALTER COLUMN bytes SET STORAGE EXTERNAL",
        "ALTER TABLE product_image_variant ALTER COLUMN bytes SET STORAGE EXTERNAL",
        """
        CREATE TABLE delete_token (
            token text PRIMARY KEY,
            product_id bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
            vendor_id bigint NOT NULL REFERENCES vendor (id) ON DELETE CASCADE,
            expires_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX delete_token_on_expires_at ON delete_token (expires_at)",
        "CREATE INDEX delete_token_on_product_id ON delete_token (product_id)",
        "CREATE INDEX delete_token_on_vendor_id ON delete_token (vendor_id)",
    ]

    static let version2: [String] = [
        // A product's own password and the creation key its seller's front end names it by until it has an id.
        "ALTER TABLE product ADD COLUMN creation_key text",
        "CREATE UNIQUE INDEX product_on_creation_key ON product (creation_key) WHERE creation_key IS NOT NULL",
        """
        CREATE TABLE product_password (
            product_id bigint PRIMARY KEY REFERENCES product (id) ON DELETE CASCADE,
            password_hash text NOT NULL
        )
        """,
        // The admin console's orders, each ending with the id. Text orders by code point ("C"), as SQLite's BINARY.
        "CREATE INDEX product_on_name ON product (name COLLATE \"C\", id)",
        "CREATE INDEX product_on_currency_price ON product (currency, price_minor, id)",
        "CREATE INDEX product_on_currency_discount ON product (currency, discount_minor, id)",
        "CREATE INDEX product_on_stock ON product (stock, id)",
        "CREATE INDEX product_on_created_at ON product (created_at, id)",
        "CREATE INDEX vendor_on_name_c ON vendor (name COLLATE \"C\", id)",
        // A vendor's products newest first, by key (the seller page).
        "CREATE INDEX product_on_vendor_id_id ON product (vendor_id, id)",
        "DROP INDEX product_on_vendor_id",
        // A seller page's total, kept by a trigger instead of a count of the vendor's products.
        """
        CREATE TABLE vendor_product_counter (
            vendor_id bigint PRIMARY KEY,
            total bigint NOT NULL
        )
        """,
        "INSERT INTO vendor_product_counter (vendor_id, total) SELECT vendor_id, count(*) FROM product GROUP BY vendor_id",
        """
        CREATE FUNCTION vendor_product_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO vendor_product_counter (vendor_id, total) VALUES (NEW.vendor_id, 1)
                ON CONFLICT (vendor_id) DO UPDATE SET total = vendor_product_counter.total + 1;
            ELSE
                UPDATE vendor_product_counter SET total = total - 1 WHERE vendor_id = OLD.vendor_id;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        "CREATE TRIGGER vendor_product_insert_delete AFTER INSERT OR DELETE ON product FOR EACH ROW EXECUTE FUNCTION vendor_product_count()",
    ]

    /// Every table whose rows reach a page or an API answer: products (with their counters, which the list's totals
    /// and seller pages read), photos, vendors (their names are on products) and products' own passwords. Not
    /// `delete_token`: no answer shows one, and the archive step writes one on every delete's first step.
    static let notifyingTables = [
        "vendor", "product", "product_cell_counter", "vendor_product_counter", "product_image", "product_image_display",
        "product_image_variant", "product_password",
    ]

    /// Any change to those tables notifies `MarketWriteFeed.channel` once per statement; the server folds a
    /// transaction's identical notifications into one and delivers it at commit (nothing for a rollback), so every
    /// instance listening drops its kept answers once per committed write.
    static let version3: [String] = [
        """
        CREATE FUNCTION market_write_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('\(MarketWriteFeed.channel)', '');
            RETURN NULL;
        END
        $$
        """
    ] + notifyingTables.map { table in
        """
        CREATE TRIGGER \(table)_write_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
        FOR EACH STATEMENT EXECUTE FUNCTION market_write_notify()
        """
    }

    /// Applies the migrations not yet recorded, in order, in one transaction under the advisory lock; the names
    /// of those it applied.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await PostgresMigrations.apply(migrations, recordedIn: "schema_migrations", lock: migrationLock, on: connection, logger: logger)
    }
}
