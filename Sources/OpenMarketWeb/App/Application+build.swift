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

    let router = Router(context: AppRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: ErrorMiddleware(renderer: renderer))
    router.add(middleware: FileMiddleware(publicDirectory.path, searchForIndexHtml: false, logger: logger))

    var services: [any Service] = []
    let market: any OpenMarketAPI
    switch config.backend {
    case .embedded(let loadSampleData):
        let embedded = try await EmbeddedBackend.start(config, loadSampleData: loadSampleData, logger: logger)
        market = embedded.market
        let resolver = ImageURLResolver(publicURL: config.publicURL, fallbackHost: "\(config.host):\(config.port)")
        MarketAPIController(market: embedded.market, images: resolver, bodyDeadline: config.bodyDeadline).addRoutes(to: router)
        ImagesController(market: embedded.market).addRoutes(to: router)
        services.append(ShutdownService(name: "secret hasher") { try await embedded.market.hasher.shutdown() })
    case .remote(let upstream):
        let client = OpenMarketClient(
            configuration: OpenMarketClientConfiguration(baseURL: upstream, requestTimeout: config.upstreamTimeout), logger: logger)
        market = client
        services.append(ShutdownService(name: "market client") { try await client.shutdown() })
        logger.info("Using the remote market", metadata: ["upstream": "\(upstream.absoluteString)"])
    }
    HomeController(market: market, renderer: renderer).addRoutes(to: router)

    return Application(
        router: router,
        // Without an idle timeout a client that stops sending headers would hold its connection forever.
        server: .http1(configuration: .init(idleTimeout: .init(config.idleTimeout))),
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "OpenMarketWeb"),
        services: services,
        logger: logger
    )
}
