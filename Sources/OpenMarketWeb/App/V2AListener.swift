import Hummingbird
import Logging
import OpenMarketStore
import OpenMarketUseCases
import OpenMarketWebState

/// The second listener: the embedded market's API in the v2a ("market-training") shapes, for apps of 2022.
/// v2a and v2b share their paths, and an unmodified app can change only its base URL, so v2a gets a port.
///
/// It is an `Application` of its own, run as a service of the main one (started and stopped with it), on the
/// same market, throttle and pre-routing chain; it serves the API and the photos its answers link to. It listens
/// only once the main application's start-up work is done (`StartupGate`).
enum V2AListener {
    static func application(
        _ config: AppConfiguration, port: Int, market: any EmbeddedMarketStore, writeVersion: @escaping @Sendable () -> UInt64, errorPages: ErrorPages, assets: AssetLibrary, throttle: GuessThrottle,
        allowedHosts: Set<String>, after gate: StartupGate, logger: Logger
    ) -> some ApplicationProtocol {
        let routes = SiteRoutes(errorPages: errorPages)
        let images = ImageURLResolver(publicURL: config.publicURL, allowedHosts: allowedHosts, listenAuthority: "\(config.host):\(port)")
        MarketAPIController(
            market: market, writeVersion: writeVersion, images: images, throttle: throttle, bodyDeadline: config.bodyDeadline, assets: assets,
            generation: .v2a)
            .addRoutes(to: routes.api)
        ImagesController(market: market).addRoutes(to: routes.files)
        AssetsController(library: assets).addRoutes(to: routes.files)
        var app = Application(
            responder: routes.responder(before: [
                LogRequestsMiddleware(.info),
                RequestIDMiddleware(),
                TrustedProxyMiddleware(proxies: config.trustedProxies),
                SecurityHeadersMiddleware(upstreamOrigin: nil, publicURL: config.publicURL),
                ResponseDelivery(compressedBodies: CompressedBodies()),
                RequestTargetMiddleware(allowedHosts: allowedHosts, pages: errorPages),
                CanonicalPathMiddleware(pages: errorPages),
                UnknownMethodMiddleware(),
            ]),
            server: .http1(configuration: .init(additionalChannelHandlers: [ReadSizeLimit(), RequestTargetCheck.Installer()], idleTimeout: .init(config.idleTimeout))),
            configuration: .init(address: .hostname(config.host, port: port), serverName: "OpenMarketWeb"),
            onServerRunning: { channel in
                logger.info("The v2a (market-training) API is listening", metadata: ["port": "\(channel.localAddress?.port ?? port)"])
            },
            logger: logger
        )
        app.beforeServerStarts { try await gate.wait() }
        return app
    }
}
