import Foundation
import Logging
import OpenMarketCore
import OpenMarketStore

/// Opens the embedded market in the data directory and makes sure the front end's vendor exists.
struct EmbeddedBackend {
    let market: SQLiteMarket
    let credentials: VendorCredentials

    /// What start-up must still do before the first request: give the market the front end's vendor secret (a bcrypt
    /// hash, run beside the admin password's) and fill an empty market with the sample products.
    let prepare: @Sendable (Logger) async throws -> Void

    static func start(
        _ config: AppConfiguration, hasher: SecretHasher, loadSampleData: Bool, notes: StartupNotes, logger: Logger
    ) async throws -> EmbeddedBackend {
        let directory = config.dataDirectory
        let database = try MarketDatabase.open(
            path: directory.appending(path: "market.sqlite").path, maxBytes: config.maxMarketBytes, logger: logger)
        let market = SQLiteMarket(database: database, hasher: hasher, logger: logger)
        let vendors = VendorSetup(market: market, directory: directory, logger: logger, notes: notes)
        let frontEnd = try vendors.frontEnd(identifier: config.identifier, secret: config.secret)
        let sampleDirectory = config.rootDirectory.appending(path: "SampleData")
        if loadSampleData, !FileManager.default.fileExists(atPath: sampleDirectory.appending(path: "products.json").path) {
            throw StartupError.missingDirectory(sampleDirectory.path)
        }
        return EmbeddedBackend(market: market, credentials: frontEnd.credentials) { _ in
            let owner = try await vendors.register(frontEnd)
            guard loadSampleData, try await market.productCount() == 0 else { return }
            let neighbor = try await vendors.neighborVendor()
            try await market.loadSampleData(from: sampleDirectory, owner: owner, neighbor: neighbor)
        }
    }
}

extension SQLiteMarket: FrontEndPasswordAdopting {}
