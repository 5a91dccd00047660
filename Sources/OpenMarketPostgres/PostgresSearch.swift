import OpenMarketInput

/// Case-insensitive substring search over name and description, with the cleaning and limits of `SearchExpression`
/// (the embedded market's search), always through an index:
/// - three characters or more: `ILIKE` on name or description, which the trigram (pg_trgm) indexes serve; every
///   `%`, `_` and `\` typed is escaped, so the text is only ever text;
/// - one or two characters, too short for a trigram (`의자`, `판`, `FI`): the product's `search_windows`, every
///   one- and two-character window of its name and of its description, lower-cased, must contain the query.
///
/// The windows are written by the store with each product (see `windows(name:description:)`).
struct PostgresSearch: Sendable {
    /// How many matches a search reads at most; also the count shown as "10,000+", as in the embedded market.
    static let cap = 10_000

    let expression: SearchExpression

    /// `nil` when nothing searchable is left of the text.
    init?(_ text: String) {
        guard let expression = SearchExpression(text) else { return nil }
        self.expression = expression
    }

    /// Appends the condition on `product` that selects the matches.
    func appendCondition(to sql: inout SQLBuilder) throws {
        switch expression.index {
        case .trigram:
            let pattern = likePattern
            sql.append("(product.name ILIKE ")
            try sql.bind(pattern)
            sql.append(" OR product.description ILIKE ")
            try sql.bind(pattern)
            sql.append(")")
        case .short:
            sql.append("product.search_windows @> ")
            try sql.bind([Self.folded(Array(expression.text.unicodeScalars))])
        }
    }

    /// `%text%` with LIKE's wildcards and its escape character (`\`, the default) escaped.
    var likePattern: String {
        var pattern = "%"
        for scalar in expression.text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.unicodeScalars.append("\\") }
            pattern.unicodeScalars.append(scalar)
        }
        return pattern + "%"
    }

    /// The windows of a product's text: each scalar and each pair of neighbouring scalars of the name, then of the
    /// description (none spans the two), lower-cased, each once, in a fixed order.
    static func windows(name: String, description: String) -> [String] {
        var windows = Set<String>()
        for text in [name, description] {
            let scalars = Array(text.unicodeScalars)
            for index in scalars.indices {
                windows.insert(folded([scalars[index]]))
                if index + 1 < scalars.count { windows.insert(folded([scalars[index], scalars[index + 1]])) }
            }
        }
        return windows.sorted()
    }

    /// The scalars lower-cased one by one (a scalar whose lower case is several scalars stays as it is), so a
    /// query's window is found among the product's whatever the case of either.
    static func folded(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        for scalar in scalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, let first = lower.first {
                text.unicodeScalars.append(first)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
