import ArgumentParser
import Foundation
import Logging
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketWeb

/// `openmarket-web fill --products N`: adds N varied products to the embedded market, for load tests and
/// benchmarks. Stop the server first: the fill writes in large transactions.
struct FillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill", abstract: "Add generated products (Korean and English, both currencies, shared tiny images) to the embedded market.")

    @Option(help: "How many products to add.")
    var products: Int

    @Option(help: "Directory holding market.sqlite (OPENMARKET_DATA_DIR).")
    var dataDir = ServeCommand.environment["OPENMARKET_DATA_DIR"] ?? "./data"

    @Option(help: "The embedded market's database: postgres://user:password@host:5432/database, or none for market.sqlite (OPENMARKET_DATABASE).")
    var database: String?

    @Flag(help: "Afterwards, check counters, rank tables and search indexes against the rows (reads every product).")
    var check = false

    func validate() throws {
        guard products > 0 else { throw ValidationError("--products must be 1 or more.") }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
        let logger = Logger(label: "openmarket.fill")
        let storage: AppConfiguration.MarketStorage
        do {
            storage = try AppConfiguration.MarketStorage(databaseURL: database ?? ServeCommand.environment["OPENMARKET_DATABASE"])
        } catch {
            throw ValidationError(error.description)
        }
        if case .postgres(let location) = storage {
            try await fillPostgres(location, logger: logger)
            return
        }
        let directory = URL(fileURLWithPath: dataDir, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try MarketDatabase.open(path: directory.appending(path: "market.sqlite").path, logger: logger)
        let hasher = SecretHasher()
        let market = SQLiteMarket(database: database, hasher: hasher, logger: logger)
        let report = try await market.fill(products: products, batchSize: 5_000) { written in
            if written % 50_000 == 0 { logger.info("Filling", metadata: ["products": "\(written)"]) }
        }
        logger.info("Fill done", metadata: [
            "products": "\(report.products)", "images": "\(report.images)", "seconds": "\(Int(report.seconds))",
        ])
        if check {
            let problems = try await market.consistencyProblems()
            for problem in problems { logger.error("Inconsistent", metadata: ["problem": "\(problem)"]) }
            if !problems.isEmpty { throw ExitCode.failure }
            logger.info("Consistent: counters, rank tables and search indexes agree with the rows")
        }
        try await hasher.shutdown()
    }

    private func fillPostgres(_ location: PostgresLocation, logger: Logger) async throws {
        try await PostgresMarket.probe(location, logger: logger)
        let hasher = SecretHasher()
        let market = PostgresMarket(location: location, hasher: hasher, logger: logger)
        let problems = try await market.withRunning { market in
            let report = try await market.fill(products: products, batchSize: 5_000) { written in
                if written % 50_000 == 0 { logger.info("Filling", metadata: ["products": "\(written)"]) }
            }
            logger.info("Fill done", metadata: [
                "products": "\(report.products)", "images": "\(report.images)", "seconds": "\(Int(report.seconds))",
            ])
            return check ? try await market.consistencyProblems() : []
        }
        try await hasher.shutdown()
        for problem in problems { logger.error("Inconsistent", metadata: ["problem": "\(problem)"]) }
        if !problems.isEmpty { throw ExitCode.failure }
        if check { logger.info("Consistent: counters and search agree with the rows") }
    }
}
