import Foundation
import Logging
import OpenMarketCore
import OpenMarketStore

/// Opens the embedded market in the data directory and makes sure the front end's vendor exists.
struct EmbeddedBackend {
    let market: SQLiteMarket
    let credentials: VendorCredentials

    static func start(_ config: AppConfiguration, hasher: SecretHasher, loadSampleData: Bool, logger: Logger) async throws -> EmbeddedBackend {
        let directory = config.dataDirectory
        let database = try MarketDatabase.open(
            path: directory.appending(path: "market.sqlite").path, maxBytes: config.maxMarketBytes, logger: logger)
        let market = SQLiteMarket(database: database, hasher: hasher, logger: logger)
        let vendors = VendorSetup(market: market, directory: directory, logger: logger)
        let (credentials, owner) = try await vendors.frontEndVendor(identifier: config.identifier, secret: config.secret)
        if loadSampleData {
            let sampleDirectory = config.rootDirectory.appending(path: "SampleData")
            guard FileManager.default.fileExists(atPath: sampleDirectory.appending(path: "products.json").path) else {
                throw StartupError.missingDirectory(sampleDirectory.path)
            }
            if try await market.productCount() == 0 {
                let neighbor = try await vendors.neighborVendor()
                try await market.loadSampleData(from: sampleDirectory, owner: owner, neighbor: neighbor)
            }
        }
        return EmbeddedBackend(market: market, credentials: credentials)
    }
}

extension SQLiteMarket: FrontEndPasswordAdopting {}
