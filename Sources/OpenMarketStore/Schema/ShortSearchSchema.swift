import OpenMarketInput
/// The SQL of the short-query index: every one- and two-character window of a product's name and
/// description, so that searches of one or two characters (`의자`, `판`, `FI`) use an index too.
///
/// Each window is written as the hex of its UTF-8 bytes (ASCII letters lowered), a plain word to FTS5's
/// built-in `unicode61` tokenizer; `SearchExpression.shortToken` builds the same word from a query. Using
/// built-in parts only, the triggers below keep the index right for any SQLite client, not only this store.
/// The table is contentless and keeps no positions (`detail=none`): it only answers "which products".
enum ShortSearchSchema {
    /// The windows of one text column, as one string of words; the JSON array of zeros is a row per character.
    static func windows(_ text: String) -> String {
        """
        (SELECT group_concat(hex(lower(substr(\(text), j.key + 1, 1))) || ' ' || hex(lower(substr(\(text), j.key + 1, 2))), ' ')
         FROM json_each('[' || rtrim(replace(hex(zeroblob(length(\(text)))), '00', '0,'), ',') || ']') AS j)
        """
    }

    static func document(_ row: String) -> String {
        "coalesce(\(windows("\(row).name")), '') || ' ' || coalesce(\(windows("\(row).description")), '')"
    }

    static let insertTrigger =
        "CREATE TRIGGER product_short_ai AFTER INSERT ON product BEGIN INSERT INTO productShortSearch (rowid, windows) VALUES (new.id, \(document("new"))); END"

    /// The same words as `document`, made in Swift: the fill writes thousands of products at once, and
    /// building the words with SQL functions costs more than all the rest of an insert.
    static func document(name: String, description: String) -> String {
        windows(Array(name.unicodeScalars)) + " " + windows(Array(description.unicodeScalars))
    }

    private static func windows(_ scalars: [Unicode.Scalar]) -> String {
        var words: [String] = []
        words.reserveCapacity(scalars.count * 2)
        for index in scalars.indices {
            words.append(SearchExpression.shortToken([scalars[index]]))
            words.append(SearchExpression.shortToken(Array(scalars[index..<min(index + 2, scalars.count)])))
        }
        return words.joined(separator: " ")
    }

    static let statements: [String] = [
        "CREATE VIRTUAL TABLE productShortSearch USING fts5(windows, content='', detail='none', tokenize='unicode61')",
        "INSERT INTO productShortSearch (rowid, windows) SELECT product.id, \(document("product")) FROM product",
        insertTrigger,
        """
        CREATE TRIGGER product_short_ad AFTER DELETE ON product BEGIN
            INSERT INTO productShortSearch (productShortSearch, rowid, windows) VALUES ('delete', old.id, \(document("old")));
        END
        """,
        """
        CREATE TRIGGER product_short_au AFTER UPDATE OF name, description ON product BEGIN
            INSERT INTO productShortSearch (productShortSearch, rowid, windows) VALUES ('delete', old.id, \(document("old")));
            INSERT INTO productShortSearch (rowid, windows) VALUES (new.id, \(document("new")));
        END
        """,
    ]
}
