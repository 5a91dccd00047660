import Foundation
import Logging
import OpenMarketCore
import OpenMarketPostgres
import OpenMarketStore
import ServiceLifecycle

/// Opens the embedded market — `market.sqlite` in the data directory, or the PostgreSQL database `--database` names —
/// and makes sure the front end's vendor exists.
struct EmbeddedBackend {
    let market: any EmbeddedMarketStore
    /// What pages read: the market, with its answers kept between writes when this process is its only writer.
    let pages: any OpenMarketAPI
    let credentials: VendorCredentials
    /// What must run while the application runs (the PostgreSQL connection pool); listed before the server, so
    /// it stops after the last request.
    let services: [any Service]

    /// What start-up must still do before the first request: fill an empty market with the sample products.
    let prepare: @Sendable (Logger) async throws -> Void

    static func start(
        _ config: AppConfiguration, hasher: SecretHasher, loadSampleData: Bool, notes: StartupNotes, logger: Logger
    ) async throws -> EmbeddedBackend {
        let directory = config.dataDirectory
        let sampleDirectory = config.rootDirectory.appending(path: "SampleData")
        if loadSampleData, !FileManager.default.fileExists(atPath: sampleDirectory.appending(path: "products.json").path) {
            throw StartupError.missingDirectory(sampleDirectory.path)
        }
        switch config.storage {
        case .sqlite:
            let database = try MarketDatabase.open(
                path: directory.appending(path: "market.sqlite").path, maxBytes: config.maxMarketBytes, logger: logger)
            let market = SQLiteMarket(database: database, hasher: hasher, logger: logger)
            let vendors = VendorSetup(market: market, directory: directory, logger: logger, notes: notes)
            let (credentials, owner) = try await vendors.frontEndVendor(identifier: config.identifier, secret: config.secret)
            return EmbeddedBackend(
                market: market, pages: CachedMarket(market: market), credentials: credentials, services: [],
                prepare: sampleLoader(loadSampleData, market: market, vendors: vendors, owner: owner, directory: sampleDirectory))
        case .postgres(let location):
            if config.maxMarketBytes != nil {
                throw StartupError.invalidOption("--max-market-mb (OPENMARKET_MAX_MARKET_MB) limits market.sqlite; it cannot be used with --database.")
            }
            do {
                try await PostgresMarket.probe(location, logger: logger)
            } catch {
                throw StartupError.marketDatabase(error.description)
            }
            // The schema and the vendor through a pool of their own, closed before the application's starts: so a
            // database that cannot be used stops the start here, with its reason.
            let setup = PostgresMarket(location: location, hasher: hasher, configuration: .init(maximumConnections: 2), logger: logger)
            let (credentials, owner) = try await setup.withRunning { market in
                try await VendorSetup(market: market, directory: directory, logger: logger, notes: notes)
                    .frontEndVendor(identifier: config.identifier, secret: config.secret)
            }
            let market = PostgresMarket(location: location, hasher: hasher, logger: logger)
            let vendors = VendorSetup(market: market, directory: directory, logger: logger, notes: nil)
            // Never cached: other instances write to the same database.
            return EmbeddedBackend(
                market: market, pages: market, credentials: credentials, services: [market],
                prepare: sampleLoader(loadSampleData, market: market, vendors: vendors, owner: owner, directory: sampleDirectory))
        }
    }

    private static func sampleLoader(
        _ load: Bool, market: any VendorKeeping, vendors: VendorSetup, owner: VendorAccount, directory: URL
    ) -> @Sendable (Logger) async throws -> Void {
        { _ in
            guard load, try await market.productCount() == 0 else { return }
            let neighbor = try await vendors.neighborVendor()
            try await market.loadSampleData(from: directory, owner: owner, neighbor: neighbor)
        }
    }
}
