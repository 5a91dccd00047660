import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketUseCases
import OpenMarketWebState
import ServiceLifecycle

/// Opens the embedded market — `market.sqlite` in the data directory, or the PostgreSQL database `--database` names —
/// and makes sure the front end's vendor exists.
struct EmbeddedBackend {
    let market: any EmbeddedMarketStore
    /// What pages read: the market, with its answers kept between writes (`CachedMarket`).
    let pages: any OpenMarketAPI
    let credentials: VendorCredentials
    /// The version answers kept until the market's next write are read at: the SQLite market's own count of its
    /// commits; on PostgreSQL, where other instances write too, the write feed's (`MarketWriteFeed`: stepped by
    /// every instance's commits through the database's notifications, and new at every read while it is not
    /// listening, so that nothing is kept then).
    let writeVersion: @Sendable () -> UInt64
    /// What must run while the application runs (the PostgreSQL connection pool and write feed); listed before
    /// the server, so they stop after the last request.
    let services: [any Service]

    /// What start-up must still do before the first request: give the market the front end's vendor secret (a bcrypt
    /// hash, run beside the admin password's) and fill an empty market with the sample products.
    let prepare: @Sendable (Logger) async throws -> Void

    static func start(
        _ config: AppConfiguration, hasher: SecretHasher, loadSampleData: Bool, sellers: SellerNames, notes: StartupNotes, logger: Logger
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
            let frontEnd = try vendors.frontEnd(identifier: config.identifier, secret: config.secret)
            return EmbeddedBackend(
                market: market, pages: CachedMarket(market: market), credentials: frontEnd.credentials,
                writeVersion: { market.writeVersion }, services: [],
                prepare: sampleLoader(loadSampleData, market: market, vendors: vendors, frontEnd: frontEnd, directory: sampleDirectory, sellers: sellers))
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
            let frontEnd = try VendorSetup(market: setup, directory: directory, logger: logger, notes: notes)
                .frontEnd(identifier: config.identifier, secret: config.secret)
            // The vendor's secret is registered before the first request, like the embedded file's (`prepare`).
            try await setup.withRunning { _ in }
            // Answers are kept while the feed listens for every instance's writes, and dropped at each one.
            let feed = MarketWriteFeed(location: location, logger: logger)
            let market = PostgresMarket(
                location: location, hasher: hasher, configuration: .init(limits: config.databaseLimits), writeFeed: feed, logger: logger)
            let vendors = VendorSetup(market: market, directory: directory, logger: logger, notes: nil)
            return EmbeddedBackend(
                market: market, pages: CachedMarket(market: market), credentials: frontEnd.credentials,
                writeVersion: { market.writeVersion }, services: [market, feed],
                prepare: sampleLoader(loadSampleData, market: market, vendors: vendors, frontEnd: frontEnd, directory: sampleDirectory, sellers: sellers))
        }
    }

    private static func sampleLoader(
        _ load: Bool, market: any EmbeddedMarketStore, vendors: VendorSetup, frontEnd: VendorSetup.FrontEnd, directory: URL, sellers: SellerNames
    ) -> @Sendable (Logger) async throws -> Void {
        { _ in
            let owner = try await vendors.register(frontEnd)
            guard load, try await market.productCount() == 0 else { return }
            let neighbor = try await vendors.neighborVendor()
            guard try await market.loadSampleData(from: directory, owner: owner, neighbor: neighbor) > 0 else { return }
            try await nameSampleSellers(market: market, directory: directory, sellers: sellers)
        }
    }

    /// The samples were just loaded by this instance, into an empty market: each gets the nickname the catalogue
    /// gives it, found by its name.
    private static func nameSampleSellers(market: any EmbeddedMarketStore, directory: URL, sellers: SellerNames) async throws {
        let catalog = try JSONDecoder().decode([SampleProduct].self, from: Data(contentsOf: directory.appending(path: "products.json")))
        let nicknames = Dictionary(catalog.compactMap { sample in sample.seller.map { (sample.name, $0) } }, uniquingKeysWith: { first, _ in first })
        let products = try await market.products(ProductQuery(page: 1, perPage: 100))?.products ?? []
        for product in products {
            if let nickname = nicknames[product.name] { try await sellers.keep(nickname, productID: product.id) }
        }
    }
}
