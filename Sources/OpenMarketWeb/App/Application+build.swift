import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketUseCases
import OpenMarketWebState
import ServiceLifecycle

/// Assembles the whole application from its configuration: the only construction path, used by tests too.
/// With `--database postgres://…` (`config.storage`) the front end's own state lives in that database too, shared by
/// every instance on it; `webStoreDatabase` puts only that state in a PostgreSQL database (tests of a web store
/// shared by instances with markets of their own). Otherwise it is `web.sqlite` in the data directory.
public func buildApplication(_ config: AppConfiguration, webStoreDatabase: PostgresLocation? = nil) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "openmarket-web")
    logger.logLevel = config.logLevel

    let renderer = try PageRenderer(templatesDirectory: config.rootDirectory.appending(path: "Templates"))
    let assets = try AssetLibrary(publicDirectory: config.rootDirectory.appending(path: "Public"))
    let errorPages = ErrorPages(renderer: renderer)
    do {
        try FileManager.default.createDirectory(at: config.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
        throw StartupError.dataDirectory("\(config.dataDirectory.path): \(error.localizedDescription)")
    }

    try AdminAccounts.check(configuredPassword: config.adminPassword)
    let hasher = SecretHasher(cost: config.bcryptCost)
    let notes = StartupNotes()
    var services: [any Service] = [ShutdownService(name: "secret hasher") { try await hasher.shutdown() }]
    let routes = SiteRoutes(errorPages: errorPages)
    // The one place the front end's store is chosen.
    let sharedLocation: PostgresLocation? = if case .postgres(let location) = config.storage { location } else { webStoreDatabase }
    let webStore = if let sharedLocation {
        WebStore.postgres(sharedLocation, limits: config.databaseLimits, logger: logger)
    } else {
        try WebStore.sqlite(path: config.dataDirectory.appending(path: "web.sqlite").path)
    }
    services += webStore.services
    let throttle = webStore.throttle
    let sellers = SellerNames(storage: webStore.storage)
    let likeCounts = LikeCounts(storage: webStore.storage)
    let startupGate = StartupGate()
    let allowedHosts = Set(config.allowedHosts.compactMap { HostHeader($0)?.name })
    let market: any OpenMarketAPI
    /// Where product passwords live: the embedded market keeps them with the product; otherwise the web store.
    var passwordKeeping: (any ProductPasswordKeeping)?
    var prepareMarket: @Sendable (Logger) async throws -> Void = { _ in }
    let vendor: VendorCredentials?
    let adminMarket: any AdminMarket
    let upstreamOrigin: String?
    var embeddedMarket: (any EmbeddedMarketStore)?
    /// Deleted products keep their photos for a restore: read from the embedded market, or fetched from the remote one.
    let makeKeeping: (_ passwords: any ProductPasswordStorage) -> any DeletedProductKeeping
    var resolver: ImageURLResolver?
    /// What only the embedded market can answer: products by id in one read, and a vendor's products.
    var catalog: (any ProductBatchReading & VendorListing)?
    /// Whether the history's photos are still there: only the embedded market can say.
    var photoPresence = PhotoPresence(market: nil)
    switch config.backend {
    case .embedded(let loadSampleData):
        let embedded = try await EmbeddedBackend.start(config, hasher: hasher, loadSampleData: loadSampleData, sellers: sellers, notes: notes, logger: logger)
        // First in the list: services stop in reverse order, so the market's pool outlives the last request.
        services.insert(contentsOf: embedded.services, at: 0)
        market = embedded.pages
        passwordKeeping = embedded.market
        vendor = embedded.credentials
        adminMarket = EmbeddedAdminMarket(market: embedded.market)
        upstreamOrigin = nil
        prepareMarket = embedded.prepare
        embeddedMarket = embedded.market
        catalog = embedded.market
        photoPresence = PhotoPresence(market: embedded.market)
        makeKeeping = { _ in EmbeddedProductKeeping(market: embedded.market) }
        let images = ImageURLResolver(publicURL: config.publicURL, allowedHosts: allowedHosts, listenAuthority: "\(config.host):\(config.port)")
        resolver = images
        MarketAPIController(
            market: embedded.market, writeVersion: embedded.writeVersion, images: images, throttle: throttle, bodyDeadline: config.bodyDeadline,
            assets: assets
        ).addRoutes(to: routes.api)
        ImagesController(market: embedded.market).addRoutes(to: routes.files)
        if let v2aPort = config.v2aPort {
            services.append(V2AListener.application(
                config, port: v2aPort, market: embedded.market, writeVersion: embedded.writeVersion, errorPages: errorPages, assets: assets, throttle: throttle, allowedHosts: allowedHosts,
                after: startupGate, logger: logger))
        }
    case .remote(let upstream):
        guard config.v2aPort == nil else {
            throw StartupError.invalidOption(
                "--v2a-port (OPENMARKET_V2A_PORT): serves the embedded market's API, so it cannot be used with --upstream.")
        }
        // Before the client: a client dropped without its shutdown trips AsyncHTTPClient's assertion.
        vendor = try config.remoteVendorCredentials()
        let client = OpenMarketClient(
            configuration: OpenMarketClientConfiguration(
                baseURL: upstream, requestTimeout: config.upstreamTimeout, generation: config.upstreamGeneration),
            logger: logger)
        market = client
        makeKeeping = { [vendor] passwords in
            RemoteProductKeeping(client: client, passwords: passwords, vendor: vendor, canChooseMainPhoto: config.upstreamGeneration != .v1)
        }
        adminMarket = RemoteAdminMarket(market: client, vendor: vendor, productsHaveOwnPasswords: config.upstreamGeneration.hasProductPasswords)
        upstreamOrigin = upstream.scheme.flatMap { scheme in upstream.host.map { "\(scheme)://\($0)" + (upstream.port.map { ":\($0)" } ?? "") } }
        services.append(ShutdownService(name: "market client") { try await client.shutdown() })
        logger.info("Using the remote market", metadata: [
            "upstream": "\(upstream.absoluteString)", "generation": "\(config.upstreamGeneration.rawValue)",
        ])
    }
    AssetsController(library: assets).addRoutes(to: routes.files)

    let keeper: ProductPasswords.Keeper = if let passwordKeeping { .market(passwordKeeping) } else { .frontEnd(webStore.storage) }
    let passwords = ProductPasswords(keeper: keeper, hasher: hasher)
    let audit = AuditLog(storage: webStore.storage)
    let v1Upstream = if case .remote = config.backend { config.upstreamGeneration == .v1 } else { false }
    let keeping = makeKeeping(webStore.storage)
    let editing = ProductEditing(
        market: market, admin: adminMarket, passwords: passwords, audit: audit, throttle: throttle, vendor: vendor, conditional: embeddedMarket,
        productsHaveOwnPasswords: v1Upstream, canChooseMainPhoto: !v1Upstream, keeping: keeping)
    let deleted = DeletedProducts(storage: webStore.storage)
    let restoring = ProductRestoring(audit: audit, deleted: deleted, keeping: keeping, questions: webStore.storage)
    if let embeddedMarket, let resolver {
        V1ItemsController(market: embeddedMarket, editing: editing, images: resolver, bodyDeadline: config.bodyDeadline).addRoutes(to: routes.v1)
    }
    let siteKey = SiteKey()
    let visitor = VisitorMiddleware(
        publicAuthority: config.publicURL.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }, siteKey: siteKey)
    let pages = routes.group(visitor, CacheControlMiddleware.revalidate)
    let origins = resolver ?? ImageURLResolver(
        publicURL: config.publicURL, allowedHosts: allowedHosts, listenAuthority: "\(config.host):\(config.port)")
    let shelf = ProductShelf(market: market, batch: catalog)
    let questions = ProductQuestions(storage: webStore.storage, hasher: hasher, throttle: throttle, editing: editing, audit: audit)
    let searches = PopularSearches(storage: webStore.storage)
    // After the web store's services: services stop in reverse order, so the last counts are written before it closes.
    services.append(SearchCountWriter(searches: searches, logger: logger))
    StorefrontController(
        market: market, renderer: renderer, lists: ListContents(listsWith: renderer.library), details: DetailContents(productsWith: renderer.library),
        origins: origins, shelf: shelf, hasSellerPages: catalog != nil, sellers: sellers, tallies: ProductPageTallyCache(storage: webStore.storage),
        searches: searches, questions: questions
    ).addRoutes(to: pages)
    QuestionsController(market: market, questions: questions, renderer: renderer, bodyDeadline: config.bodyDeadline).addRoutes(to: pages)
    VisitorListsController(market: market, shelf: shelf, likeCounts: likeCounts, renderer: renderer, bodyDeadline: config.bodyDeadline)
        .addRoutes(to: pages)
    SellersController(sellers: catalog, nicknames: sellers, shelf: shelf, renderer: renderer).addRoutes(to: pages)
    let uploads = try FormUploads(
        directory: config.dataDirectory.appending(path: "uploads"), processor: ImageProcessor.shared, deadline: config.uploadDeadline, logger: logger)
    let drafts = PhotoDrafts(storage: webStore.storage)
    ProductEditorController(
        market: market, editing: editing, renderer: renderer, uploads: uploads, drafts: drafts, sellers: sellers, bodyDeadline: config.bodyDeadline
    ).addRoutes(to: pages)
    let sweepKeptPhotos: @Sendable () async throws -> Void = { try await webStore.sweep() }
    services.append(WebStoreSweeper(logger: logger, sweep: sweepKeptPhotos))

    let accounts = AdminAccounts(storage: webStore.storage, hasher: hasher)
    let adminHost = AdminHostMiddleware(allowedHosts: allowedHosts)
    let signIn = routes.group(visitor, adminHost, CacheControlMiddleware.neverStore)
    let console = routes.group(visitor, adminHost, AdminSessionMiddleware(accounts: accounts, siteKey: siteKey), CacheControlMiddleware.neverStore)
    AdminSessionController(
        accounts: accounts, renderer: renderer, throttle: throttle, bodyDeadline: config.bodyDeadline, siteKey: siteKey,
        operatorAddresses: Set(config.adminAddresses.compactMap(TrustedProxyMiddleware.normalized))
    ).addRoutes(signIn: signIn, console: console)
    AdminProductsController(
        admin: adminMarket, market: market, editing: editing, deleted: deleted, renderer: renderer, bodyDeadline: config.bodyDeadline,
        timeZone: config.timeZone, restoreGivesNewID: !keeping.keepsFormerID)
        .addRoutes(to: console)
    AdminProductController(
        market: market, editing: editing, renderer: renderer, audit: audit, deleted: deleted, bodyDeadline: config.bodyDeadline,
        timeZone: config.timeZone, photos: photoPresence, restoreGivesNewID: !keeping.keepsFormerID)
        .addRoutes(to: console)
    AdminHistoryController(
        audit: audit, deleted: deleted, restoring: restoring, renderer: renderer, bodyDeadline: config.bodyDeadline, timeZone: config.timeZone,
        photos: photoPresence)
        .addRoutes(to: console)
    AdminQuestionsController(market: market, questions: questions, renderer: renderer, bodyDeadline: config.bodyDeadline, timeZone: config.timeZone)
        .addRoutes(to: console)
    OperationsController(market: market, webStore: webStore.storage).addRoutes(to: routes.group())

    var app = Application(
        responder: routes.responder(before: [
            LogRequestsMiddleware(.info),
            RequestIDMiddleware(),
            TrustedProxyMiddleware(proxies: config.trustedProxies),
            SecurityHeadersMiddleware(upstreamOrigin: upstreamOrigin, publicURL: config.publicURL),
            ResponseDelivery(compressedBodies: CompressedBodies()),
            RequestTargetMiddleware(allowedHosts: allowedHosts, pages: errorPages),
            CanonicalPathMiddleware(pages: errorPages),
            UnknownMethodMiddleware(),
        ]),
        // Without an idle timeout a client that stops sending headers would hold its connection forever.
        server: .http1(configuration: .init(additionalChannelHandlers: [ReadSizeLimit(), RequestTargetCheck.Installer()], idleTimeout: .init(config.idleTimeout))),
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "OpenMarketWeb"),
        services: services,
        onServerRunning: { [startupLogger = logger] channel in
            // The port actually bound (0 asks the system for one), as a link a terminal makes clickable.
            let port = channel.localAddress?.port ?? config.port
            let host = config.host.contains(":") ? "[\(config.host)]" : config.host
            startupLogger.notice("\(notes.banner(address: "http://\(host):\(port)"))")
        },
        logger: logger
    )
    // Before the first request: the sample products and the admin password on a first start, then what a crash
    // interrupted. Building does no more I/O than opening the stores.
    let startupLogger = logger
    let adminPassword = config.adminPassword
    app.beforeServerStarts { [prepareMarket] in
        let logger = startupLogger
        // The web store's schema first (on PostgreSQL, migrations of its own).
        try await webStore.prepare()
        try await siteKey.load(from: webStore.storage)
        // Each hashes a secret (bcrypt, on the hasher's own threads): side by side, start-up waits for one.
        async let market: Void = prepareMarket(logger)
        async let admin: Void = accounts.prepare(configuredPassword: adminPassword, notes: notes, logger: logger)
        try await market
        try await admin
        try await passwords.adoptFrontEndPasswords(from: webStore.storage, logger: logger)
        try await editing.recoverPendingCreates(logger: logger)
        try await restoring.recoverInterruptedRestores(logger: logger)
        try await sweepKeptPhotos()
        startupGate.open()
    }
    return app
}
