import Foundation
import GRDB
import Logging
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketPostgres
@testable import OpenMarketStore
import PostgresNIO
import Testing

/// The stores the contract suite holds to one behaviour.
enum MarketKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The server the PostgreSQL cases make their databases on (`scripts/test` starts one and sets this).
    static let postgresURL: String? = ProcessInfo.processInfo.environment["OPENMARKET_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    /// SQLite always; PostgreSQL when `OPENMARKET_TEST_DATABASE` is set.
    static let available: [MarketKind] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// A fresh market of either kind with two vendors, `owner` and `neighbor`: SQLite in a temporary file, PostgreSQL in
/// a database of its own, made for the test and dropped after it.
struct ContractMarket: Sendable {
    enum Store: Sendable {
        case sqlite(SQLiteMarket)
        case postgres(PostgresMarket)
    }

    struct Vendor: Sendable {
        var id: Int
        var identifier: String
        var secret: String
        var credentials: VendorCredentials { VendorCredentials(identifier: identifier, secret: secret) }
    }

    let store: Store
    let owner: Vendor
    let neighbor: Vendor

    var api: any OpenMarketAPI {
        switch store {
        case .sqlite(let market): market
        case .postgres(let market): market
        }
    }

    /// Every capability a front end uses of an embedded market, through the protocols alone.
    typealias Embedded = OpenMarketAPI & ProductPasswordKeeping & ProductImageReplacing & VendorListing & ProductBatchReading
        & AdminListing & TwoStepDeleting & ImageServing & VendorKeeping & ProductRelisting & ProductPasswordAdopting & ConsistencyChecking
        & ConditionalProductUpdating

    var embedded: any Embedded {
        switch store {
        case .sqlite(let market): market
        case .postgres(let market): market
        }
    }

    /// Runs `body` with a new market of the kind; everything it made is removed afterwards, whatever happens.
    static func with<T: Sendable>(_ kind: MarketKind, _ body: (ContractMarket) async throws -> T) async throws -> T {
        switch kind {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appending(path: "contract-\(UUID().uuidString).sqlite").path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            let market = SQLiteMarket(
                database: try MarketDatabase.open(path: path, logger: TestMarket.quietLogger), hasher: TestMarket.hasher,
                logger: TestMarket.quietLogger)
            return try await body(try await ContractMarket(store: .sqlite(market)))
        case .postgres:
            return try await PostgresTestDatabase.with { location in
                let market = PostgresMarket(
                    location: location, hasher: TestMarket.hasher, configuration: .init(maximumConnections: 4, limits: .suite), logger: TestMarket.quietLogger)
                return try await market.withRunning { market in try await body(try await ContractMarket(store: .postgres(market))) }
            }
        }
    }

    private init(store: Store) async throws {
        self.store = store
        owner = try await Self.createVendor(store, name: "Owner Shop", secret: TestMarket.ownerSecret)
        neighbor = try await Self.createVendor(store, name: "Neighbor Shop", secret: TestMarket.neighborSecret)
    }

    private static func createVendor(_ store: Store, name: String, secret: String) async throws -> Vendor {
        switch store {
        case .sqlite(let market):
            let account = try await market.createVendor(name: name, secret: secret)
            return Vendor(id: account.id, identifier: account.identifier, secret: secret)
        case .postgres(let market):
            let account = try await market.createVendor(name: name, secret: secret)
            return Vendor(id: account.id, identifier: account.identifier, secret: secret)
        }
    }

    /// Creates a valid product as `owner` unless told otherwise.
    @discardableResult
    func create(
        name: String = "Vintage Film Camera", description: String = "A working 35mm camera with a fresh battery.",
        price: Decimal = 12000, currency: Currency = .krw, discountedPrice: Decimal = 0, stock: Int = 1,
        images: [ImageUpload] = [TestImages.png()], credentials: VendorCredentials? = nil
    ) async throws -> ProductDetail {
        let draft = ProductDraft(
            name: name, description: description, price: price, currency: currency, discountedPrice: discountedPrice, stock: stock)
        return try await api.createProduct(draft, images: images, credentials: credentials ?? owner.credentials)
    }

    func issueDeleteToken(productID: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> String {
        switch store {
        case .sqlite(let market): try await market.issueDeleteToken(productID: productID, credentials: credentials)
        case .postgres(let market): try await market.issueDeleteToken(productID: productID, credentials: credentials)
        }
    }

    func deleteProduct(token: String, identifier: String, productID: Int?) async throws(OpenMarketError) -> ProductDetail {
        switch store {
        case .sqlite(let market): try await market.deleteProduct(token: token, identifier: identifier, productID: productID)
        case .postgres(let market): try await market.deleteProduct(token: token, identifier: identifier, productID: productID)
        }
    }

    func image(named name: String) async throws(OpenMarketError) -> StoredImage? {
        switch store {
        case .sqlite(let market): try await market.image(named: name)
        case .postgres(let market): try await market.image(named: name)
        }
    }

    /// Every product of a listing, page by page, with the totals each page reported.
    func all(_ query: ProductQuery) async throws -> (ids: [Int], totals: Set<Int>) {
        var ids: [Int] = []
        var totals = Set<Int>()
        var page = 1
        while true {
            var next = query
            next.page = page
            guard let found = try await api.products(next) else { break }
            ids += found.products.map(\.id)
            totals.insert(found.totalCount)
            page += 1
            if found.products.isEmpty { break }
        }
        return (ids, totals)
    }

    /// `count` products with the same name and description, written as rows (the store's own triggers and columns
    /// kept), for the search cap: making ten thousand through `createProduct` would take minutes.
    func fill(count: Int, name: String, description: String) async throws {
        switch store {
        case .sqlite(let market):
            let vendorID = owner.id
            try await market.database.write { db in
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                        INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt)
                        SELECT ?, ?, ?, 'KRW', 1000 + i, 0, i % 2, ? FROM n
                        """, arguments: [count, vendorID, name, description, Date()])
            }
        case .postgres(let market):
            let windows = PostgresSearch.windows(name: name, description: description)
            let vendorID = Int64(owner.id)
            _ = try await market.withConnection { connection in
                try await connection.query(
                    """
                    INSERT INTO product (vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, search_windows)
                    SELECT \(vendorID), \(name), \(description), 'KRW', 1000 + i, 0, i % 2, now(), \(windows) FROM generate_series(1, \(count)) AS i
                    """, logger: TestMarket.quietLogger)
            }
        }
    }
}

/// A database of its own on the server `OPENMARKET_TEST_DATABASE` names, for one test.
enum PostgresTestDatabase {
    static func with<T: Sendable>(_ body: (PostgresLocation) async throws -> T) async throws -> T {
        let base = try PostgresLocation(url: try #require(MarketKind.postgresURL))
        // Made here of hex digits only: the one statement that cannot take a parameter gets no input.
        let name = "openmarket_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try await administer(base) { connection in
            try await connection.query("CREATE DATABASE \(unescaped: name)", logger: TestMarket.quietLogger)
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
        _ = try await administer(base) { connection in
            try await connection.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: TestMarket.quietLogger)
        }
    }

    /// One connection to the server's own database, closed afterwards.
    static func administer<T: Sendable>(_ location: PostgresLocation, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: TestMarket.quietLogger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

extension PostgresPool.Limits {
    /// Waits for the whole suite, whose hundreds of tests share two cores and one server: there a connection can be
    /// slow to come without the server being gone. The tests of the limits themselves set their own.
    static let suite = PostgresPool.Limits(connectionWait: .seconds(120), outageWait: .seconds(1), work: .seconds(300))
}
