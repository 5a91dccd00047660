import ArgumentParser
import Foundation
import GRDB
import Logging
import OpenMarketStore

/// Fills a market database to a size, then times each list, search and export path of the store and prints
/// "path → ms" (median and worst of several runs, one request at a time, release build).
@main
struct StoreBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-store-bench", abstract: "Times the embedded market's query paths on a filled database.")

    @Option(help: "Products in the database; a smaller database is filled up to this size.")
    var products = 1_000_000

    @Option(help: "The database file; kept between runs so a large fill is paid once. Default: a temporary file, removed.")
    var database: String?

    @Option(help: "Timed runs per path (after one warm-up run).")
    var runs = 7

    @Flag(help: "Skip the export of every product.")
    var noExport = false

    @Flag(help: "Check counters, rank tables and search indexes against the rows after the fill.")
    var check = false

    func run() async throws {
        var logger = Logger(label: "openmarket.bench")
        logger.logLevel = .warning
        let temporary = database == nil
        let path = database ?? FileManager.default.temporaryDirectory.appending(path: "openmarket-bench-\(UUID().uuidString).sqlite").path
        defer {
            if temporary { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        }
        let pool = try MarketDatabase.open(path: path, logger: logger)
        let hasher = SecretHasher(cost: 4)
        let market = SQLiteMarket(database: pool, hasher: hasher, logger: logger)
        let existing = try await market.productCount()
        if existing < products {
            let report = try await market.fill(products: products - existing, batchSize: 5_000) { written in
                if written % 100_000 == 0 { Figures.write("filled \(written)") }
            }
            Figures.write(String(format: "fill: %d products in %.1f s (%.0f products/s)", report.products, report.seconds, Double(report.products) / report.seconds))
        }
        if check {
            let problems = try await market.consistencyProblems()
            Figures.write(problems.isEmpty ? "consistency: ok" : "consistency problems:\n" + problems.joined(separator: "\n"))
        }
        let size = try await market.productCount()
        Figures.write("products: \(size), runs per path: \(runs)\n")
        Figures.write("path".padding(toLength: 58, withPad: " ", startingAt: 0) + "  median ms     max ms")
        for path in try await BenchPaths.all(market: market) {
            let timings = try await path.time(runs: runs)
            Figures.write(path.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                + String(format: "  %9.2f  %9.2f", timings.median, timings.max))
        }
        if !noExport {
            Figures.write(try await BenchPaths.export(market: market))
        }
        try await hasher.shutdown()
        try pool.close()
    }
}
