import Foundation
import Logging
import OpenMarketCore
import OpenMarketPostgres

/// Everything `buildApplication` needs; the command line fills it, tests build it directly.
public struct AppConfiguration: Sendable {
    public enum Backend: Sendable {
        /// The embedded SQLite market, also served as the OpenMarket REST API under `/api`.
        case embedded(loadSampleData: Bool)
        /// A remote OpenMarket server reached through `OpenMarketClient`.
        case remote(URL)
    }

    /// Where the embedded market keeps its products.
    public enum MarketStorage: Sendable, Hashable {
        /// `market.sqlite` in the data directory, for one instance.
        case sqlite
        /// A PostgreSQL database, which several instances may share.
        case postgres(PostgresLocation)

        /// Reads `--database` (`OPENMARKET_DATABASE`): none or `sqlite://` for the SQLite file,
        /// `postgres://user:password@host:port/database` for PostgreSQL. The message never repeats a password.
        public init(databaseURL: String?) throws(StartupError) {
            let text = databaseURL?.trimmingCharacters(in: .whitespaces) ?? ""
            if text.isEmpty || text == "sqlite://" || text == "sqlite:" {
                self = .sqlite
                return
            }
            let scheme = text.prefix { $0 != ":" }.lowercased()
            switch scheme {
            case "postgres", "postgresql":
                do {
                    self = .postgres(try PostgresLocation(url: text))
                } catch {
                    throw .invalidOption("--database (OPENMARKET_DATABASE): \(error.description)")
                }
            case "sqlite":
                throw .invalidOption(
                    "--database (OPENMARKET_DATABASE): sqlite:// takes no path; the SQLite market is market.sqlite in --data-dir.")
            default:
                throw .invalidOption(
                    "--database (OPENMARKET_DATABASE) must be postgres://user:password@host:5432/database, or sqlite:// for the data directory's file.")
            }
        }
    }

    public var host: String
    public var port: Int
    /// Holds `market.sqlite` and the generated vendor credentials.
    public var dataDirectory: URL
    /// Holds `Templates/`, `Public/` and `SampleData/`.
    public var rootDirectory: URL
    public var backend: Backend
    /// Where the embedded market keeps its products (`.embedded` backend only).
    public var storage: MarketStorage
    /// The vendor this front end acts as.
    public var identifier: String?
    public var secret: String?
    /// The origin image URLs in API responses start with; by default taken from the request's `Host`.
    public var publicURL: URL?
    /// bcrypt work factor for vendor secrets (tests lower it to stay fast).
    public var bcryptCost: UInt8
    public var upstreamTimeout: Duration
    /// Close connections idle this long; Hummingbird has no idle timeout by default.
    public var idleTimeout: Duration
    /// The longest a request body may take to arrive; Hummingbird has no such deadline of its own.
    public var bodyDeadline: Duration
    /// The upload form may bring 100 MB of phone photos over a slow mobile link: ten times the body deadline.
    public var uploadDeadline: Duration { bodyDeadline * 10 }
    public var logLevel: Logger.Level
    /// The admin console's password; generated on the first start when absent.
    public var adminPassword: String?
    /// Host names the admin console answers to; others are refused, so DNS rebinding cannot reach it.
    public var allowedHosts: [String]
    /// A quota for `market.sqlite`: past it, uploads are refused as on a full disk (507) instead of filling it.
    public var maxMarketBytes: Int?
    /// The generation of the remote server in remote mode.
    public var upstreamGeneration: MarketGeneration
    /// A second port for the v2a ("market-training") API of the embedded market; `0` picks a free one.
    public var v2aPort: Int?
    /// Addresses of load balancers in front: from them, the client is the one `X-Forwarded-For` names.
    public var trustedProxies: [String] = []
    /// The operator's own client addresses: sign-ins from them are counted for each address alone, so guessing from
    /// elsewhere never blocks the console for them (`--admin-address`).
    public var adminAddresses: [String] = []
    /// The market's time zone: the console writes the history's times in it (`--time-zone`).
    public var timeZone: TimeZone = AppConfiguration.defaultTimeZone
    public static let defaultTimeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    /// On PostgreSQL, how long a request waits for a connection and may hold it before it answers 503.
    public var databaseLimits: PostgresPool.Limits = .standard

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, rootDirectory: URL,
        backend: Backend = .embedded(loadSampleData: true), identifier: String? = nil, secret: String? = nil,
        publicURL: URL? = nil, bcryptCost: UInt8 = 10, upstreamTimeout: Duration = .seconds(10),
        idleTimeout: Duration = WebLimits.idleTimeout, bodyDeadline: Duration = WebLimits.bodyDeadline, logLevel: Logger.Level = .info,
        adminPassword: String? = nil, allowedHosts: [String] = [], maxMarketBytes: Int? = nil, v2aPort: Int? = nil,
        upstreamGeneration: MarketGeneration = .v2b, storage: MarketStorage = .sqlite
    ) {
        self.storage = storage
        self.upstreamGeneration = upstreamGeneration
        self.maxMarketBytes = maxMarketBytes
        self.v2aPort = v2aPort
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.rootDirectory = rootDirectory
        self.backend = backend
        self.identifier = identifier
        self.secret = secret
        self.publicURL = publicURL
        self.bcryptCost = bcryptCost
        self.upstreamTimeout = upstreamTimeout
        self.idleTimeout = idleTimeout
        self.bodyDeadline = bodyDeadline
        self.logLevel = logLevel
        self.adminPassword = adminPassword
        // By default: the address we listen on and the loopback names.
        self.allowedHosts = allowedHosts.isEmpty ? Array(Set([host, "localhost", "127.0.0.1"])).sorted() : allowedHosts
    }
}

extension AppConfiguration {
    /// Whether `text` is an IPv4 or IPv6 address, as `trustedProxies` must be.
    public static func isIPAddress(_ text: String) -> Bool {
        IPAddress.normalized(text) != nil
    }
}
