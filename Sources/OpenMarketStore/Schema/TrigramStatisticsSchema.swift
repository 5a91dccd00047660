/// How many products hold each common trigram of the search index, counted from FTS5's own vocabulary: the
/// statistics a long search uses to pick the trigrams it reads (see `ProductSearch.prepared`).
///
/// Like SQLite's `ANALYZE`, these are counted at a moment and not kept by triggers: keeping them exact would
/// cost every product write some hundred upserts and the 1 M fill millions, and they only steer which of a
/// query's own trigrams are read first. A stale figure can make a search slower, never change what it finds:
/// every chosen trigram is in the query, so the rows read are a superset of the matches and LIKE keeps the
/// real ones. A trigram missing from the table is counted live up to `ProductSearch.rarityProbe`, so a word
/// that became common since the last count is still recognised as common. Only trigrams held by at least
/// `ProductSearch.rarityProbe` products are kept: the rest are what a live probe counts exactly and cheaply.
enum TrigramStatisticsSchema {
    static let createStatement = """
        CREATE TABLE productSearchStatistics (trigram TEXT PRIMARY KEY NOT NULL, products INTEGER NOT NULL) WITHOUT ROWID
        """

    /// Counts every trigram again: one pass over the whole trigram index (about 6 s at 1,000,000 products).
    static let refreshStatements: [String] = [
        "CREATE VIRTUAL TABLE temp.productSearchVocabulary USING fts5vocab(main, productSearch, row)",
        "DELETE FROM productSearchStatistics",
        """
        INSERT INTO productSearchStatistics (trigram, products)
        SELECT term, doc FROM temp.productSearchVocabulary WHERE doc >= \(ProductSearch.rarityProbe)
        """,
        "DROP TABLE temp.productSearchVocabulary",
    ]
}
