import Logging
import PostgresNIO

/// A named step of a schema, run once: a shipped one is never edited, a change is a new one.
public struct PostgresMigration: Sendable {
    public var name: String
    public var statements: [String]

    public init(name: String, statements: [String]) {
        self.name = name
        self.statements = statements
    }
}

/// Runs named, append-only migrations, each recorded in a table of its own schema's.
///
/// Every instance runs them at start, perhaps all at once: each takes the schema's transaction-level advisory lock
/// first, so one applies what is missing while the others wait, then find it done. They all run in that one
/// transaction with their records, so none is ever half applied.
public enum PostgresMigrations {
    /// Applies the migrations not yet recorded in `table`, in order, under the advisory lock `lock`; the names of
    /// those it applied. `table` is the schema's own fixed name, never a value from outside.
    public static func apply(
        _ migrations: [PostgresMigration], recordedIn table: StaticString, lock: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String] {
        let table = "\(table)"
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE TABLE IF NOT EXISTS \(table) (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"),
                logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query(PostgresQuery(unsafeSQL: "SELECT name FROM \(table)"), logger: logger).decode(String.self) {
                applied.insert(name)
            }
            var names: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                var record = PostgresBindings()
                record.append(migration.name)
                try await connection.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) (name) VALUES ($1)", binds: record), logger: logger)
                names.append(migration.name)
            }
            try await connection.query("COMMIT", logger: logger)
            return names
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}
