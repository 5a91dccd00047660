import ArgumentParser
import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketWeb

/// `openmarket-web serve` (also plain `openmarket-web`): parses options, each also read from an
/// `OPENMARKET_*` environment variable, and runs the application. An option without a value of its own by default
/// is declared optional without one, and its variable is read where it is used: the argument parser does not
/// take an optional with a default value.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the market (the default when no subcommand is given).")

    static let environment = ProcessInfo.processInfo.environment

    @Option(help: "Address to listen on (OPENMARKET_HOST).")
    var host = environment["OPENMARKET_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (OPENMARKET_PORT).")
    var port = environment["OPENMARKET_PORT"].flatMap(Int.init) ?? 8080

    @Option(help: "Directory for market.sqlite and generated credentials (OPENMARKET_DATA_DIR).")
    var dataDir = environment["OPENMARKET_DATA_DIR"] ?? "./data"

    @Option(help: "Directory holding Templates/, Public/ and SampleData/ (OPENMARKET_ROOT).")
    var root = environment["OPENMARKET_ROOT"] ?? FileManager.default.currentDirectoryPath

    @Option(help: ArgumentHelp(
        "The embedded market's database: postgres://user:password@host:5432/database, or sqlite:// (OPENMARKET_DATABASE).",
        discussion: "Default: market.sqlite in --data-dir. Several instances may share one PostgreSQL database."))
    var database: String?

    @Option(help: "Use this remote OpenMarket server instead of the embedded market (OPENMARKET_UPSTREAM).")
    var upstream: String?

    @Option(help: "The remote server's API generation: v2b (openmarket), v2a (market-training) or v1 (2021) (OPENMARKET_UPSTREAM_API).")
    var upstreamAPI = environment["OPENMARKET_UPSTREAM_API"] ?? "v2b"

    @Option(help: "Vendor identifier this front end acts as (OPENMARKET_IDENTIFIER).")
    var identifier: String?

    @Option(help: "Vendor secret this front end acts as; on a v1 upstream, the password of the items it lists (OPENMARKET_SECRET).")
    var secret: String?

    @Option(help: "Public origin for image URLs in API responses, e.g. https://market.example (OPENMARKET_PUBLIC_URL).")
    var publicURL: String?

    @Option(help: "Seconds to wait for the remote server (OPENMARKET_UPSTREAM_TIMEOUT).")
    var upstreamTimeout = environment["OPENMARKET_UPSTREAM_TIMEOUT"].flatMap(Int.init) ?? 10

    @Option(help: "trace, debug, info, notice, warning, error or critical (OPENMARKET_LOG_LEVEL).")
    var logLevel = environment["OPENMARKET_LOG_LEVEL"] ?? "info"

    @Option(help: "Admin console password; generated and shown once on the first start if absent (OPENMARKET_ADMIN_PASSWORD).")
    var adminPassword: String?

    @Option(help: ArgumentHelp(
        "Host name the admin console answers to; repeat for several (OPENMARKET_ALLOWED_HOSTS, comma-separated).",
        discussion: "Default: the --host address, localhost and 127.0.0.1."))
    var allowedHost: [String] = (environment["OPENMARKET_ALLOWED_HOSTS"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }

    @Option(help: "Largest size of market.sqlite in megabytes; past it uploads are refused with 507 (OPENMARKET_MAX_MARKET_MB).")
    var maxMarketMB: Int?

    @Option(help: "Also serve the embedded market's API in the v2a (market-training) format on this port (OPENMARKET_V2A_PORT).")
    var v2aPort: Int?

    @Option(help: ArgumentHelp(
        "Address of a load balancer in front; repeat for several (OPENMARKET_TRUSTED_PROXIES, comma-separated).",
        discussion: "Requests from it are counted under the client X-Forwarded-For names (wrong passwords, sign-ins)."))
    var trustedProxy: [String] = (environment["OPENMARKET_TRUSTED_PROXIES"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }

    @Option(help: ArgumentHelp(
        "The operator's own address; repeat for several (OPENMARKET_ADMIN_ADDRESSES, comma-separated).",
        discussion: "Admin sign-ins from it are counted for it alone: guessing from elsewhere cannot lock the console for it."))
    var adminAddress: [String] = (environment["OPENMARKET_ADMIN_ADDRESSES"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }

    @Option(help: "The market's time zone, e.g. Asia/Seoul or Europe/Berlin: the console's history is written in it (OPENMARKET_TIME_ZONE).")
    var timeZone = environment["OPENMARKET_TIME_ZONE"] ?? "Asia/Seoul"

    @Flag(help: "Do not load the sample products into an empty embedded market (OPENMARKET_NO_SAMPLE_DATA=1).")
    var noSampleData = ["1", "true", "yes"].contains(environment["OPENMARKET_NO_SAMPLE_DATA"]?.lowercased() ?? "")

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown log level \(logLevel).")
        }
        guard let generation = MarketGeneration(rawValue: upstreamAPI.lowercased()) else {
            throw ValidationError("--upstream-api must be v2b, v2a or v1.")
        }
        let backend: AppConfiguration.Backend
        if let upstream = upstream ?? Self.environment["OPENMARKET_UPSTREAM"] {
            guard let url = URL(string: upstream), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--upstream must be an http(s) URL, e.g. http://127.0.0.1:9090")
            }
            backend = .remote(url)
        } else {
            backend = .embedded(loadSampleData: !noSampleData)
        }
        for proxy in trustedProxy where !AppConfiguration.isIPAddress(proxy) {
            throw ValidationError("--trusted-proxy must be an IP address, e.g. 127.0.0.1 (got \(proxy)).")
        }
        for address in adminAddress where !AppConfiguration.isIPAddress(address) {
            throw ValidationError("--admin-address must be an IP address, e.g. 203.0.113.7 (got \(address)).")
        }
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ValidationError("--time-zone must be a time zone name such as Asia/Seoul or UTC (got \(timeZone)).")
        }
        let storage: AppConfiguration.MarketStorage
        do {
            storage = try AppConfiguration.MarketStorage(databaseURL: database ?? Self.environment["OPENMARKET_DATABASE"])
        } catch {
            throw ValidationError(error.description)
        }
        var config = AppConfiguration(
            host: host, port: port,
            dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true),
            rootDirectory: URL(fileURLWithPath: root, isDirectory: true),
            backend: backend, identifier: identifier ?? Self.environment["OPENMARKET_IDENTIFIER"],
            secret: secret ?? Self.environment["OPENMARKET_SECRET"],
            publicURL: (publicURL ?? Self.environment["OPENMARKET_PUBLIC_URL"]).flatMap(URL.init(string:)),
            upstreamTimeout: .seconds(upstreamTimeout), logLevel: level,
            adminPassword: adminPassword ?? Self.environment["OPENMARKET_ADMIN_PASSWORD"], allowedHosts: allowedHost,
            maxMarketBytes: (maxMarketMB ?? Self.environment["OPENMARKET_MAX_MARKET_MB"].flatMap(Int.init)).map { $0 * 1024 * 1024 },
            v2aPort: v2aPort ?? Self.environment["OPENMARKET_V2A_PORT"].flatMap(Int.init),
            upstreamGeneration: generation, storage: storage)
        config.trustedProxies = trustedProxy
        config.adminAddresses = adminAddress
        config.timeZone = zone
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let app = try await buildApplication(config)
        try await app.runService()
    }
}
