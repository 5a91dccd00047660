import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
@testable import OpenMarketUseCases
import PostgresNIO
import ServiceLifecycle
import Testing
@testable import OpenMarketWeb

/// Instances on one PostgreSQL database keep pages and answers in the process, and drop them when any instance
/// writes: their write feeds listen for the commits the market's tables notify.
@Suite("Kept answers on PostgreSQL follow every instance's writes", .enabled(if: PostgresTestServer.url != nil), .timeLimit(.minutes(10)))
struct PostgresWriteFeedTests {
    static let logger = PostgresTestServer.logger
    static let vendorSecret = "feed-secret-7"

    /// One instance: its market, its feed and its kept answers.
    struct Instance: Sendable {
        let feed: MarketWriteFeed
        let market: PostgresMarket
        let pages: CachedMarket

        init(_ location: PostgresLocation, hasher: SecretHasher, backoff: @escaping @Sendable (Int) async throws -> Void = MarketWriteFeed.defaultBackoff) {
            feed = MarketWriteFeed(location: location, logger: PostgresWriteFeedTests.logger, backoff: backoff)
            market = PostgresMarket(
                location: location, hasher: hasher, configuration: .init(maximumConnections: 4, limits: .suite), writeFeed: feed,
                logger: PostgresWriteFeedTests.logger)
            pages = CachedMarket(market: market)
        }
    }

    /// A gate the feed's backoff waits at: the feed connects again only once the test opens it.
    final class Gate: Sendable {
        private let opened = NIOLockedValueBox(false)

        func open() { opened.withLockedValue { $0 = true } }

        func wait() async throws {
            while !opened.withLockedValue({ $0 }) {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Polls `condition` until it holds, failing after `deadline`: what another instance writes arrives at its
    /// notification, a moment after the commit. The deadline is generous: with the whole suite at once on two
    /// processors, the tasks that notice (the feed's check, its reconnection) have waited tens of seconds for a thread.
    static func eventually(
        _ what: String, deadline: Duration = .seconds(180), _ condition: () async throws -> Bool
    ) async throws {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("not within \(deadline): \(what)")
        throw CancellationError()
    }

    /// A statement on a connection of its own, closed afterwards.
    static func execute(_ location: PostgresLocation, _ statements: [PostgresQuery]) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(applicationName: "write feed test"), id: 9, logger: logger)
        do {
            for statement in statements { try await connection.query(statement, logger: logger) }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static func listeners(_ location: PostgresLocation) async throws -> [Int32] {
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(applicationName: "write feed test"), id: 9, logger: logger)
        var pids: [Int32] = []
        do {
            let rows = try await connection.query(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'openmarket write feed' ORDER BY pid", logger: logger)
            for try await pid in rows.decode(Int32.self) { pids.append(pid) }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return pids
    }

    /// Renames a product without any notification (its trigger disabled for the transaction): what a feed that
    /// missed a write would not know about.
    static func renameSilently(_ location: PostgresLocation, id: Int, to name: String) async throws {
        try await execute(location, [
            "BEGIN",
            "ALTER TABLE product DISABLE TRIGGER product_write_notify",
            "UPDATE product SET name = \(name) WHERE id = \(Int64(id))",
            "ALTER TABLE product ENABLE TRIGGER product_write_notify",
            "COMMIT",
        ])
    }

    @Test func aWriteOnOneInstanceDropsWhatTheOtherKept() async throws {
        try await PostgresTestServer.withDatabase { location in
            let hasher = SecretHasher(cost: 4)
            let reconnect = Gate()
            let one = Instance(location, hasher: hasher) { _ in try await reconnect.wait() }
            let two = Instance(location, hasher: hasher)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for service in [one.market, two.market, one.feed, two.feed] as [any Service] {
                    group.addTask { try await service.run() }
                }
                defer { group.cancelAll() }
                try await one.market.migrate()
                try await Self.eventually("both feeds listen") { one.feed.isListening && two.feed.isListening }
                let vendor = try await one.market.createVendor(name: "Feed Shop", secret: Self.vendorSecret)
                let credentials = VendorCredentials(identifier: vendor.identifier, secret: Self.vendorSecret)
                let photo = ImageUpload(filename: "mug.png", contentType: "image/png", data: try TestSupport.sampleImage())
                let draft = ProductDraft(name: "Feed mug", description: "Kept until written.", price: 12_000, currency: .krw, stock: 2)
                let product = try await two.market.createProduct(draft, images: [photo], credentials: credentials)
                // Two commits, one notification each: the vendor's and the product's (a transaction's are folded).
                try await Self.eventually("both writes were notified") { one.feed.notificationCount >= 2 }

                // Read twice: kept at the first read, then served from memory (a write no notification reports
                // is not seen).
                let query = ProductQuery()
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Feed mug"])
                #expect(try await one.pages.product(id: product.id).name == "Feed mug")
                #expect(one.pages.keptCount == 2)
                try await Self.renameSilently(location, id: product.id, to: "Unannounced mug")
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Feed mug"], "the kept page")
                #expect(try await one.pages.product(id: product.id).name == "Feed mug", "the kept product")

                // A write through the other instance: seen once the notification has stepped the feed.
                let before = one.feed.version
                _ = try await two.market.updateProduct(id: product.id, changes: ProductChanges(name: "Renamed elsewhere"), credentials: credentials)
                try await Self.eventually("the other instance's write stepped the feed") { one.feed.version != before }
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Renamed elsewhere"])
                #expect(try await one.pages.product(id: product.id).name == "Renamed elsewhere")
                #expect(one.pages.keptCount == 2, "kept again at the new version")

                // Its own write: seen at once, before any notification.
                _ = try await one.market.updateProduct(id: product.id, changes: ProductChanges(name: "Renamed here"), credentials: credentials)
                #expect(try await one.pages.product(id: product.id).name == "Renamed here")
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Renamed here"])

                // Kept again once its own write's notification is in too.
                try await Self.eventually("every write was notified") { one.feed.notificationCount >= 4 }
                #expect(try await one.pages.product(id: product.id).name == "Renamed here")
                try await Self.renameSilently(location, id: product.id, to: "Unheard before")
                #expect(try await one.pages.product(id: product.id).name == "Renamed here", "kept before the connection ends")

                // The listener's connection ends: nothing is kept until the feed listens again.
                let listener = try #require(one.feed.listenerProcessID)
                #expect(try await Self.listeners(location).contains(listener), "the feed's connection is named in pg_stat_activity")
                try await Self.execute(location, ["SELECT pg_terminate_backend(\(listener))"])
                try await Self.eventually("the feed noticed its lost connection") { !one.feed.isListening }
                try await Self.renameSilently(location, id: product.id, to: "Unheard while away")
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Unheard while away"], "read, not kept")
                try await Self.renameSilently(location, id: product.id, to: "Unheard again")
                #expect(try await one.pages.products(query)?.products.map(\.name) == ["Unheard again"], "read again")
                #expect(one.feed.version != one.feed.version, "a new version at every read")

                // Listening again: what was kept before is not served, and answers are kept again.
                reconnect.open()
                try await Self.eventually("the feed listens again") { one.feed.isListening && one.feed.sessions == 2 }
                #expect(one.feed.listenerProcessID != listener)
                #expect(try await one.pages.product(id: product.id).name == "Unheard again", "not the product kept before the connection ended")
                try await Self.renameSilently(location, id: product.id, to: "Unheard after")
                #expect(try await one.pages.product(id: product.id).name == "Unheard again", "kept again")
            }
            try await hasher.shutdown()
        }
    }

    /// The feed's connection goes silent without closing (a relay in front of the server stops passing bytes), as a
    /// route or a server lost without a word: the feed's check gets no answer, so it stops keeping answers, and once
    /// the route is back it listens on a new connection.
    @Test func aListenerThatStopsAnsweringIsReplaced() async throws {
        try await PostgresTestServer.withDatabase { location in
            let relay = try await SilenceableRelay.start(to: location.host, port: location.port)
            var throughRelay = location
            throughRelay.host = "127.0.0.1"
            throughRelay.port = relay.port
            let hasher = SecretHasher(cost: 4)
            // Connects again only while the route passes bytes, so nothing is kept for as long as it is silent.
            let feed = MarketWriteFeed(
                location: throughRelay, logger: Self.logger,
                backoff: { _ in
                    while relay.isSilenced { try await Task.sleep(for: .milliseconds(20)) }
                },
                checkInterval: .milliseconds(200), checkTimeout: .seconds(2))
            let market = PostgresMarket(
                location: location, hasher: hasher, configuration: .init(maximumConnections: 2, limits: .suite), writeFeed: feed, logger: Self.logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for service in [market, feed] as [any Service] {
                    group.addTask { try await service.run() }
                }
                defer { group.cancelAll() }
                try await market.migrate()
                try await Self.eventually("the feed listens") { feed.isListening }
                let listener = try #require(feed.listenerProcessID)
                let sessions = feed.sessions
                relay.silence()
                try await Self.eventually("the feed gave up on its silent connection") { !feed.isListening }
                #expect(feed.version != feed.version, "nothing is kept meanwhile")
                relay.speak()
                try await Self.eventually("the feed listens on a new connection") { feed.isListening && feed.sessions > sessions }
                #expect(feed.listenerProcessID != listener)
                #expect(feed.version == feed.version, "answers are kept again")
            }
            await relay.close()
            try await hasher.shutdown()
        }
    }

    @Test func aProductEditedThroughOneApplicationShowsOnTheOther() async throws {
        try await PostgresTestServer.withDatabase { location in
            let first = try await buildApplication(PostgresMarketAppTests.configuration(location))
            let second = try await buildApplication(PostgresMarketAppTests.configuration(location))
            try await first.stoppableTest(.router) { one in
                try await second.stoppableTest(.router) { two in
                    var browser = StorefrontBrowser(one)
                    var form = try ProductUploadForm.valid(photos: 1)
                    form.name = "Feed teapot"
                    let id = try await browser.listProduct(form)
                    let pages = [SiteURLs.products, SiteURLs.product(id), "/api/products", "/api/products/\(id)"]
                    // Each read twice on the first application, so each is kept there.
                    for _ in 0..<2 {
                        for page in pages {
                            let response = try await one.execute(uri: page, method: .get)
                            #expect(response.status == .ok && response.text.contains("Feed teapot"), "\(page)")
                        }
                    }

                    let patched = try await two.execute(
                        uri: "/api/products/\(id)", method: .patch,
                        headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                        body: ByteBuffer(string: #"{"name": "Feed kettle", "secret": "\#(TestSupport.vendor.secret)"}"#))
                    #expect(patched.status == .ok)
                    for page in pages {
                        try await Self.eventually("\(page) shows the edit") {
                            let text = try await one.execute(uri: page, method: .get).text
                            return text.contains("Feed kettle") && !text.contains("Feed teapot")
                        }
                    }
                }
            }
        }
    }
}
