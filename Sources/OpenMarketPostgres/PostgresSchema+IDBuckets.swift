/// Products counted per block of ids and filter cell, so a deep page of the newest-first (or oldest-first) order
/// finds its first key without reading the products before it (`PostgresAdminListing.idPage`).
///
/// A product's block is `id >> idBucketShift` (1,024 consecutive ids): ids only grow, so a block never splits, and
/// one page of a few thousand products' blocks is a few rows. A trigger keeps the counts exact on every insert,
/// delete and change of cell, in the writer's transaction, whoever writes.
extension PostgresSchema {
    static let idBucketShift = 10

    static let idBuckets: [String] = [
        """
        CREATE TABLE product_id_bucket (
            bucket bigint NOT NULL,
            cell smallint NOT NULL CHECK (cell BETWEEN 0 AND 3),
            total bigint NOT NULL,
            PRIMARY KEY (bucket, cell)
        )
        """,
        """
        INSERT INTO product_id_bucket (bucket, cell, total)
        SELECT id >> \(idBucketShift), cell, count(*) FROM product GROUP BY 1, 2
        """,
        """
        CREATE FUNCTION product_id_bucket_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                INSERT INTO product_id_bucket (bucket, cell, total) VALUES (NEW.id >> \(idBucketShift), NEW.cell, 1)
                ON CONFLICT (bucket, cell) DO UPDATE SET total = product_id_bucket.total + 1;
            END IF;
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
                UPDATE product_id_bucket SET total = total - 1 WHERE bucket = OLD.id >> \(idBucketShift) AND cell = OLD.cell;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER product_id_bucket_insert_delete AFTER INSERT OR DELETE ON product
        FOR EACH ROW EXECUTE FUNCTION product_id_bucket_count()
        """,
        """
        CREATE TRIGGER product_id_bucket_update AFTER UPDATE OF currency, stock ON product
        FOR EACH ROW WHEN (OLD.cell IS DISTINCT FROM NEW.cell) EXECUTE FUNCTION product_id_bucket_count()
        """,
    ]
}
