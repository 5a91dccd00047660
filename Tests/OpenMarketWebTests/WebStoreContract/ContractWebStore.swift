import Foundation
import GRDB
import Logging
import OpenMarketPostgres
@testable import OpenMarketWebState
import PostgresNIO
import Testing
@testable import OpenMarketWeb

/// The web stores the contract suite holds to one behaviour.
enum WebStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The server the PostgreSQL cases make their databases on (`scripts/test` starts one and sets this).
    static let postgresURL: String? = ProcessInfo.processInfo.environment["OPENMARKET_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    /// SQLite always; PostgreSQL when `OPENMARKET_TEST_DATABASE` is set.
    static let available: [WebStoreKind] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// Several handles on one fresh web store, as several instances of the front end would have: PostgreSQL through
/// separate connection pools on one database made for the test (dropped after it); SQLite through separate
/// pools on one file. SQLite serves one instance, whose guesses are counted in its memory: its handles share that
/// one counter, so the same tests hold both stores to the same counts.
enum ContractWebStore {
    static let quietLogger: Logger = {
        var logger = Logger(label: "web-store-contract")
        logger.logLevel = .critical
        return logger
    }()

    static func with<T: Sendable>(_ kind: WebStoreKind, handles: Int = 2, _ body: ([WebStore]) async throws -> T) async throws -> T {
        switch kind {
        case .sqlite:
            let directory = TestSupport.temporaryDirectory()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appending(path: "web.sqlite").path
            let first = try WebStore.sqlite(path: path)
            var stores = [first]
            for _ in 1..<handles {
                let other = try WebStore.sqlite(path: path)
                stores.append(WebStore(storage: other.storage, throttle: first.throttle, services: [], description: path))
            }
            return try await body(stores)
        case .postgres:
            do {
                return try await postgres(handles: handles, body)
            } catch let error as PSQLError {
                // PSQLError's own description hides the server's message; a failed test should say what it was.
                throw ServerError(description: String(reflecting: error))
            }
        }
    }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
    }

    private static func postgres<T: Sendable>(handles: Int, _ body: ([WebStore]) async throws -> T) async throws -> T {
        try await PostgresWebTestDatabase.with { location in
            let storages = (0..<handles).map { _ in PostgresWebStorage(location: location, maximumConnections: 4, limits: .suite, logger: quietLogger) }
            return try await withThrowingTaskGroup(of: Void.self) { group in
                for storage in storages { group.addTask { try await storage.run() } }
                defer { group.cancelAll() }
                // Every instance migrates at start, perhaps together: the advisory lock lets one do it.
                try await withThrowingTaskGroup(of: Void.self) { migrations in
                    for storage in storages { migrations.addTask { try await storage.migrate() } }
                    try await migrations.waitForAll()
                }
                return try await body(storages.map { storage in
                    WebStore(storage: storage, throttle: GuessThrottle(counting: storage), services: [], description: "\(location)")
                })
            }
        }
    }
}

extension WebStore {
    /// The drafts' kept byte total and the bytes of the drafts' photos as they are, to see the total kept right.
    func draftBytes() async throws -> (kept: Int, actual: Int) {
        switch storage {
        case let sqlite as SQLiteWebStorage:
            return try await sqlite.database.read { db in
                (try Int.fetchOne(db, sql: "SELECT bytes FROM photoDraftTotal WHERE id = 1") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(bytes)), 0) FROM photoDraftImage") ?? -1)
            }
        case let postgres as PostgresWebStorage:
            let query: PostgresQuery = """
                SELECT (SELECT bytes FROM web_photo_draft_total WHERE id = 1),
                    (SELECT coalesce(sum(length(bytes)), 0) FROM web_photo_draft_image)::bigint
                """
            return try await postgres.pool.query(query, logger: ContractWebStore.quietLogger) { rows in
                for try await (kept, actual) in rows.decode((Int, Int).self) { return (kept, actual) }
                return (-1, -1)
            }
        default:
            throw CancellationError()
        }
    }
}

/// A database of its own on the server `OPENMARKET_TEST_DATABASE` names, for one test.
enum PostgresWebTestDatabase {
    static func with<T: Sendable>(_ body: (PostgresLocation) async throws -> T) async throws -> T {
        let base = try PostgresLocation(url: try #require(WebStoreKind.postgresURL))
        // Made here of hex digits only: the one statement that cannot take a parameter gets no input.
        let name = "openmarket_web_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer(base) { connection in
            try await connection.query("CREATE DATABASE \(unescaped: name)", logger: ContractWebStore.quietLogger)
        }
        do {
            let result = try await body(base.with(database: name))
            try await drop(name, on: base)
            return result
        } catch {
            try? await drop(name, on: base)
            throw error
        }
    }

    private static func drop(_ name: String, on base: PostgresLocation) async throws {
        try await administer(base) { connection in
            try await connection.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: ContractWebStore.quietLogger)
        }
    }

    /// One connection to the server's own database, closed afterwards.
    private static func administer(_ location: PostgresLocation, _ body: (PostgresConnection) async throws -> Void) async throws {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: ContractWebStore.quietLogger)
        do {
            try await body(connection)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

extension GuessCounting {
    /// A guess checked and found wrong: reserved, then settled as a miss; `false` when it was refused unchecked.
    func miss(client: String, subject: GuessThrottle.Subject) async -> Bool {
        guard await reserve(client: client, subject: subject) == .granted else { return false }
        await settle(client: client, subject: subject, verdict: .wrong)
        return true
    }

    /// A guess checked and found right; `false` when it was refused unchecked.
    func prove(client: String, subject: GuessThrottle.Subject) async -> Bool {
        guard await reserve(client: client, subject: subject) == .granted else { return false }
        await settle(client: client, subject: subject, verdict: .right)
        return true
    }
}
