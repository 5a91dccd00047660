import ArgumentParser
import Foundation
import GRDB
import Logging
import OpenMarketEmbedded
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

    @Flag(help: "Only fill the database to its size (for a server's benchmark on it), timing nothing.")
    var fillOnly = false

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
        if fillOnly { return }
        if check {
            let problems = try await market.consistencyProblems()
            Figures.write(problems.isEmpty ? "consistency: ok" : "consistency problems:\n" + problems.joined(separator: "\n"))
        }
        let size = try await market.productCount()
        Figures.write("products: \(size), runs per path: \(runs)\n")
        Figures.write("path".padding(toLength: 66, withPad: " ", startingAt: 0) + "  median ms     max ms     cpu ms")
        var missed: [String] = []
        var boundedWorst: (name: String, ms: Double)?
        var pageWorst: (name: String, ms: Double)?
        for path in try await BenchPaths.all(market: market) {
            let timings = try await path.time(runs: runs)
            let mark = path.target == .boundedSearch ? " (bounded)" : ""
            Figures.write(path.name.padding(toLength: 66, withPad: " ", startingAt: 0)
                + String(format: "  %9.2f  %9.2f  %9.2f", timings.median, timings.max, timings.processorMedian) + mark)
            switch path.target {
            case .page:
                if timings.median >= BenchPaths.pageLimit {
                    missed.append(path.name + String(format: ": %.2f ms ≥ %.0f ms", timings.median, BenchPaths.pageLimit))
                }
                if timings.median > pageWorst?.ms ?? -1 { pageWorst = (path.name, timings.median) }
            case .boundedSearch:
                if timings.median >= BenchPaths.boundedLimit {
                    missed.append(path.name + String(format: ": %.2f ms ≥ %.0f ms (bounded search)", timings.median, BenchPaths.boundedLimit))
                }
                if timings.median > boundedWorst?.ms ?? -1 { boundedWorst = (path.name, timings.median) }
            }
        }
        Figures.write("\nTargets are judged on each path's median (the worst run is shown for the machine's noise; cpu ms is the median of the process's processor time, which other processes on a shared machine do not inflate).")
        if let pageWorst {
            Figures.write(String(format: "slowest page: %.2f ms", pageWorst.ms) + " (\(pageWorst.name))" + String(format: "; target < %.0f ms", BenchPaths.pageLimit))
        }
        if let boundedWorst {
            Figures.write(String(
                format: "bounded searches (marked above): a search matching %d products or more in another order or with filters reads its newest %d matches, filters and sorts them; the work is bounded by those %d rows at any market size. Slowest: %.2f ms",
                ListingPage.searchCap, ListingPage.searchCap, ListingPage.searchCap, boundedWorst.ms)
                + " (\(boundedWorst.name))" + String(format: "; bound %.0f ms", BenchPaths.boundedLimit))
        }
        if !noExport {
            let export = try await BenchPaths.export(market: market)
            Figures.write(String(
                format: "export: %d rows in %.1f s = %.0f rows/s (target ≥ %.0f); %.1f s of processor time = %.0f rows per processor second; resident memory %d MB before, %d MB at most, %d MB after",
                export.rows, export.seconds, export.rate, BenchPaths.exportRate, export.cpuSeconds, Double(export.rows) / export.cpuSeconds,
                export.beforeMB, export.peakMB, export.afterMB))
            if export.rate < BenchPaths.exportRate { missed.append(String(format: "export: %.0f rows/s < %.0f", export.rate, BenchPaths.exportRate)) }
            if export.peakMB - export.beforeMB > BenchPaths.exportMemoryGrowthMB {
                missed.append("export: resident memory grew by \(export.peakMB - export.beforeMB) MB > \(BenchPaths.exportMemoryGrowthMB) MB")
            }
        }
        Figures.write("")
        if missed.isEmpty {
            Figures.write("ALL TARGETS MET\(noExport ? " (export not run)" : "")")
        } else {
            Figures.write("TARGETS NOT MET (\(missed.count)):")
            for line in missed { Figures.write("  - " + line) }
        }
        try await hasher.shutdown()
        try pool.close()
    }
}
