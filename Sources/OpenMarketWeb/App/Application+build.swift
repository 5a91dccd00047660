import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketStore
import ServiceLifecycle

/// Assembles the whole application from its configuration: the only construction path, used by tests too.
public func buildApplication(_ config: AppConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "openmarket-web")
    logger.logLevel = config.logLevel

    let renderer = try await PageRenderer(templatesDirectory: config.rootDirectory.appending(path: "Templates"))
    let publicDirectory = config.rootDirectory.appending(path: "Public")
    guard FileManager.default.fileExists(atPath: publicDirectory.path) else {
        throw StartupError.missingDirectory(publicDirectory.path)
    }

    do {
        try FileManager.default.createDirectory(at: config.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
        throw StartupError.dataDirectory("\(config.dataDirectory.path): \(error.localizedDescription)")
    }

    let router = Router(context: AppRequestContext.self)
    let upstreamOrigin: String? = if case .remote(let url) = config.backend { url.scheme.flatMap { scheme in url.host.map { "\(scheme)://\($0)" + (url.port.map { ":\($0)" } ?? "") } } } else { nil }
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware(upstreamOrigin: upstreamOrigin))
    router.add(middleware: ErrorMiddleware(renderer: renderer))
    router.add(middleware: VisitorMiddleware(
        publicAuthority: config.publicURL.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }))
    router.add(middleware: FileMiddleware(publicDirectory.path, searchForIndexHtml: false, logger: logger))

    let hasher = SecretHasher(cost: config.bcryptCost)
    var services: [any Service] = [ShutdownService(name: "secret hasher") { try await hasher.shutdown() }]
    let market: any OpenMarketAPI
    let vendor: VendorCredentials?
    let adminMarket: any AdminMarket
    switch config.backend {
    case .embedded(let loadSampleData):
        let embedded = try await EmbeddedBackend.start(config, hasher: hasher, loadSampleData: loadSampleData, logger: logger)
        market = embedded.market
        vendor = embedded.credentials
        adminMarket = EmbeddedAdminMarket(market: embedded.market)
        let resolver = ImageURLResolver(publicURL: config.publicURL, fallbackHost: "\(config.host):\(config.port)")
        MarketAPIController(market: embedded.market, images: resolver, bodyDeadline: config.bodyDeadline).addRoutes(to: router)
        ImagesController(market: embedded.market).addRoutes(to: router)
    case .remote(let upstream):
        let client = OpenMarketClient(
            configuration: OpenMarketClientConfiguration(baseURL: upstream, requestTimeout: config.upstreamTimeout), logger: logger)
        market = client
        vendor = config.identifier.flatMap { identifier in config.secret.map { VendorCredentials(identifier: identifier, secret: $0) } }
        adminMarket = RemoteAdminMarket(market: client, vendor: vendor)
        services.append(ShutdownService(name: "market client") { try await client.shutdown() })
        logger.info("Using the remote market", metadata: ["upstream": "\(upstream.absoluteString)"])
    }
    let webDatabase = try WebDatabase.open(path: config.dataDirectory.appending(path: "web.sqlite").path)
    let passwords = ProductPasswords(database: webDatabase, hasher: hasher, vendor: vendor)
    let audit = AuditLog(database: webDatabase)
    let throttle = PasswordThrottle()
    StorefrontController(market: market, renderer: renderer).addRoutes(to: router)
    ProductEditorController(
        market: market, renderer: renderer, passwords: passwords, throttle: throttle, audit: audit, bodyDeadline: config.bodyDeadline
    ).addRoutes(to: router)

    let accounts = AdminAccounts(database: webDatabase, hasher: hasher)
    try await accounts.prepare(configuredPassword: config.adminPassword, logger: logger)
    router.add(middleware: AdminGuardMiddleware(accounts: accounts, allowedHosts: Set(config.allowedHosts.map { $0.lowercased() })))
    AdminSessionController(accounts: accounts, renderer: renderer, throttle: throttle, bodyDeadline: config.bodyDeadline).addRoutes(to: router)
    AdminProductsController(admin: adminMarket, market: market, renderer: renderer, audit: audit, bodyDeadline: config.bodyDeadline)
        .addRoutes(to: router)
    AdminProductController(admin: adminMarket, market: market, renderer: renderer, audit: audit, bodyDeadline: config.bodyDeadline)
        .addRoutes(to: router)
    AdminHistoryController(audit: audit, renderer: renderer).addRoutes(to: router)

    return Application(
        router: router,
        // Without an idle timeout a client that stops sending headers would hold its connection forever.
        server: .http1(configuration: .init(idleTimeout: .init(config.idleTimeout))),
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "OpenMarketWeb"),
        services: services,
        logger: logger
    )
}
