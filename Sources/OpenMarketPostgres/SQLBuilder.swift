import PostgresNIO

/// A statement put together from pieces, each value bound as a parameter (`$1`, `$2`…) through the same bindings
/// postgres-nio's string interpolation makes. Only text written in this module goes in as SQL, never input.
/// Functions that add a piece (a search condition, an order) take the builder `inout`, so numbering stays in order.
struct SQLBuilder: Sendable {
    private(set) var sql = ""
    private(set) var binds = PostgresBindings()

    init(_ sql: String = "") {
        self.sql = sql
    }

    mutating func append(_ text: String) {
        sql += text
    }

    /// Appends the placeholder of a new parameter holding `value`.
    mutating func bind<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value) throws {
        try binds.append(value)
        sql += "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
