import GRDB

extension StatementArguments {
    /// Positional arguments, one per value. GRDB's `StatementArguments(_:)` for values of one type maps them through
    /// a key path that the runtime builds again on every call (its generic type is known only then), about 1 % of a
    /// list page nobody asked for; this maps them through a closure.
    package init<Value: DatabaseValueConvertible>(each values: some Collection<Value>) {
        self.init(values.map { $0 as (any DatabaseValueConvertible)? })
    }
}
