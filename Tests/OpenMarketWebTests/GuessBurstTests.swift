import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Wrong guesses released all at once from one client, each on a connection of its own, at every place a secret is
/// checked: only the free misses are checked (each a bcrypt), every other one is answered 429 with `Retry-After`,
/// and nothing changes. On the web store in memory (SQLite) and on PostgreSQL.
@Suite("Bursts of guesses", .serialized, .timeLimit(.minutes(10)))
struct GuessBurstTests {
    static let burst = 100
    /// One client at one secret may miss this often before a wait: the most a burst may get checked.
    static let free = GuessThrottle.perClientAndSubject.freeMisses

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstOfAdminSignInsGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        try await Self.withLiveApp(kind) { client, port in
            var admin = AdminClient(client)
            try await admin.get("/admin/login")
            let (cookie, token) = (try #require(admin.browser.cookies["csrf"]), try #require(admin.browser.formToken))
            let answers = try await Burst.send(port: port, count: Self.burst) { index in
                Burst.form("/admin/login", fields: [("_csrf", token), ("password", "wrong-guess-\(index)")], cookie: "csrf=\(cookie)")
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .unauthorized)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstAtTheDeleteFormGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        try await Self.withLiveApp(kind) { client, port in
            // A sample product: no password of its own, so the vendor's secret is what is guessed.
            let product = try #require(try await MarketProbe.products(via: client).first { $0.vendorName != "neighbor_vendor" })
            var browser = StorefrontBrowser(client)
            try await browser.get(SiteURLs.delete(product.id))
            let (cookie, token) = (try #require(browser.cookies["csrf"]), try #require(browser.formToken))
            let answers = try await Burst.send(port: port, count: Self.burst) { index in
                Burst.form(SiteURLs.delete(product.id), fields: [("_csrf", token), ("password", "wrong-guess-\(index)")], cookie: "csrf=\(cookie)")
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .forbidden)
            #expect(try await MarketProbe.product(product.id, via: client) != nil)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstAtTheEditFormOfAProductWithItsOwnPasswordGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        try await Self.withLiveApp(kind) { client, port in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
            let listed = try #require(try await MarketProbe.product(id, via: client))
            try await browser.get(SiteURLs.edit(id))
            let (cookie, token) = (try #require(browser.cookies["csrf"]), try #require(browser.formToken))
            let answers = try await Burst.send(port: port, count: Self.burst) { index in
                let fields = [("_csrf", token)] + listed.editFields(password: "wrong-guess-\(index)", changing: ["stock": "99"])
                return Burst.form(SiteURLs.edit(id), fields: fields, cookie: "csrf=\(cookie)")
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .forbidden)
            #expect(try await MarketProbe.product(id, via: client)?.stock == listed.stock)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstOfAPISecretsGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        try await Self.withLiveApp(kind) { client, port in
            let product = try #require(try await MarketProbe.products(via: client).first { $0.vendorName != "neighbor_vendor" })
            let answers = try await Burst.send(port: port, count: Self.burst) { index in
                TestClient.Request(
                    "/api/products/\(product.id)", method: .patch, authority: "localhost",
                    headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"stock": 99, "secret": "wrong-guess-\#(index)"}"#))
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .unauthorized)
            #expect(try await MarketProbe.product(product.id, via: client)?.stock == product.stock)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstOfV2ASecretsOnItsOwnPortGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        let v2aPort = try TestSupport.freePort()
        try await Self.withLiveApp(kind, configure: { $0.v2aPort = v2aPort }) { client, _ in
            try await TestSupport.waitUntilListening(port: v2aPort)
            let product = try #require(try await MarketProbe.products(via: client).first { $0.vendorName != "neighbor_vendor" })
            let answers = try await Burst.send(port: v2aPort, count: Self.burst) { index in
                TestClient.Request(
                    "/api/products/\(product.id)/secret", method: .post, authority: "localhost",
                    headers: [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"secret": "wrong-guess-\#(index)"}"#))
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .unauthorized)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: WebStoreKind.available)
    func aBurstOfV1ItemPasswordsGetsOnlyTheFreeMissesChecked(_ kind: WebStoreKind) async throws {
        try await Self.withLiveApp(kind) { client, port in
            var browser = StorefrontBrowser(client)
            let id = try await browser.listProduct(try ProductUploadForm.valid(photos: 1))
            let answers = try await Burst.send(port: port, count: Self.burst) { index in
                TestClient.Request(
                    "/item/\(id)", method: .delete, authority: "localhost", headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"password": "wrong-guess-\#(index)"}"#))
            }
            Self.expectOnlyTheFreeMissesChecked(answers, wrong: .unauthorized)
            #expect(try await MarketProbe.product(id, via: client) != nil)
        }
    }

    /// At most the free misses were checked (answered as a wrong secret), at least one was, and every other guess
    /// was refused unchecked with 429 and a `Retry-After`. On a machine so busy that the burst outlasted the first
    /// wait (5 s), a guess that came after it may be checked too, as it would be one after another: one more per
    /// wait that ended while the burst lasted.
    static func expectOnlyTheFreeMissesChecked(_ answers: [Burst.Answer], wrong: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) {
        let checked = answers.filter { $0.status == wrong }.count
        let refused = answers.filter { $0.status == .tooManyRequests }
        let most = free + Self.waitsEnded(within: answers.map(\.elapsed).max() ?? .zero)
        #expect((1...most).contains(checked), "\(checked) of \(answers.count) guesses were checked", sourceLocation: sourceLocation)
        #expect(checked + refused.count == answers.count, "\(Set(answers.map(\.status.code)))", sourceLocation: sourceLocation)
        #expect(refused.allSatisfy { ($0.retryAfter ?? 0) >= 1 }, "every 429 says when to try again", sourceLocation: sourceLocation)
    }

    /// How many of one client's doubling waits at one secret (5 s, 10 s, …) can end within `elapsed`.
    static func waitsEnded(within elapsed: Duration) -> Int {
        var ended = 0
        var total = 0
        while let wait = GuessThrottle.delaySeconds(misses: free + ended, limit: GuessThrottle.perClientAndSubject),
            Duration.seconds(total + wait) < elapsed
        {
            total += wait
            ended += 1
        }
        return ended
    }

    /// A live application (guesses counted in memory with SQLite, in the database with PostgreSQL), its port.
    static func withLiveApp(
        _ kind: WebStoreKind, configure: (inout AppConfiguration) -> Void = { _ in },
        _ test: @escaping @Sendable (any TestClientProtocol, Int) async throws -> Void
    ) async throws {
        var config = AdminClient.configuration()
        configure(&config)
        switch kind {
        case .sqlite:
            let app = try await buildApplication(config)
            try await app.stoppableTest(.live) { client in try await test(client, try #require(client.port)) }
        case .postgres:
            try await PostgresWebTestDatabase.with { location in
                let app = try await buildApplication(config, webStoreDatabase: location)
                try await app.stoppableTest(.live) { client in try await test(client, try #require(client.port)) }
            }
        }
    }
}

/// Requests released at once: each on a connection of its own, every connection open before any request is sent.
enum Burst {
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var retryAfter: Int?
        /// From the release of the burst to this answer.
        var elapsed: Duration
    }

    static func send(port: Int, count: Int, _ request: @escaping @Sendable (Int) -> TestClient.Request) async throws -> [Answer] {
        let start = StartLine(count: count)
        return try await withThrowingTaskGroup(of: Answer.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(90))) { client in
                        // Every task arrives, connected or not, so none waits for one that never will.
                        var failure: (any Error)?
                        do { _ = try await client.channelPromise.futureResult.get() } catch { failure = error }
                        await start.arrive()
                        if let failure { throw failure }
                        let released = ContinuousClock.now
                        let response = try await client.execute(request(index))
                        return Answer(
                            status: response.status, retryAfter: response.headers[.retryAfter].flatMap { Int($0) },
                            elapsed: ContinuousClock.now - released)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A form post as a browser sends it, with its cookies.
    static func form(_ uri: String, fields: [(String, String)], cookie: String) -> TestClient.Request {
        TestClient.Request(
            uri, method: .post, authority: "localhost",
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
            body: ByteBuffer(string: FormEncoding.urlEncoded(fields)))
    }
}

/// Lets everyone go once `count` have arrived, or at once when the waiting task is cancelled (a test past its limit).
actor StartLine {
    let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrived = 0
    private var open = false

    init(count: Int) {
        self.count = count
    }

    func arrive() async {
        arrived += 1
        if arrived >= count { release() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if open { continuation.resume() } else { waiting.append(continuation) }
            }
        } onCancel: {
            Task { await self.release() }
        }
    }

    private func release() {
        open = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
