import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import OpenMarketPostgres
import Testing
@testable import OpenMarketWeb

/// While the database is gone, every request still gets an answer within a bound: 503 with `Retry-After` (pages: the
/// error page with a retry link; the API: its JSON error), `/ready` at its own check limit; once the database is back,
/// pages and writes work again. The application reaches its PostgreSQL server through a relay the test cuts (the
/// server's process gone: connections closed, new ones refused) or silences (connections kept, no answer).
@Suite("Answers while PostgreSQL is down", .enabled(if: PostgresTestServer.url != nil), .timeLimit(.minutes(5)))
struct PostgresOutageTests {
    /// A wait for a connection far longer than the bound below: answers within the bound while the server is gone come
    /// from the pool finding out that it is gone, not from this wait running out.
    static let limits = PostgresPool.Limits(connectionWait: .seconds(20), outageWait: .seconds(1), work: .seconds(2))
    /// Every answer must come within this, whatever the request: a request makes a few database calls in a row, each
    /// bounded by `limits`, and the machine running the tests is busy.
    static let bound: Duration = .seconds(8)
    /// `/ready` answers at its 800 ms check limit (`OperationsController.checkLimit`). Allowed: less than the pool's
    /// 2-second limit on work, so an answer within it still comes from that check limit; more than the one second
    /// the limit aims at, because with six suites on two cores the answer was once written 570 ms after its timer.
    static let readyBound: Duration = .milliseconds(1_900)

    /// A request's status, `Retry-After`, body and how long it took.
    struct Answer: Sendable {
        var path: String
        var status: HTTPResponse.Status
        var retryAfter: String?
        var text: String
        var took: Duration
    }

    static func answer(
        _ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: ByteBuffer? = nil, via client: any TestClientProtocol
    ) async throws -> Answer {
        let started = ContinuousClock.now
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        return Answer(
            path: path, status: response.status, retryAfter: response.headers[.retryAfter], text: response.text, took: ContinuousClock.now - started)
    }

    /// Pages, the API's reads and writes, the edit form's post and `/ready`, all at once. Each round asks about a
    /// product and a list no page has read yet, so no answer kept from before the outage can stand in for one (kept
    /// answers are dropped once the write feed notices the outage, which a silent server may take seconds to show).
    static func everyKind(round: Int, product: ProductDetail, browser: StorefrontBrowser, via client: any TestClientProtocol) async throws -> [Answer] {
        let patch = ByteBuffer(string: #"{"stock": 3, "secret": "\#(TestSupport.vendor.secret)"}"#)
        let apiHeaders: HTTPFields = [.identifier: TestSupport.vendor.identifier, .contentType: "application/json"]
        let edit = product.editFields(password: TestSupport.vendor.secret, changing: ["stock": "\(round)"])
        return try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask { try await answer("/ready", via: client) }
            group.addTask { try await answer("/products?q=outage\(round)", via: client) }
            group.addTask { try await answer("/products/\(product.id)", via: client) }
            group.addTask { try await answer("/api/products?page_no=1&items_per_page=\(10 + round)", via: client) }
            group.addTask { try await answer("/api/products/\(product.id)", method: .patch, headers: apiHeaders, body: patch, via: client) }
            group.addTask {
                var form = browser
                let started = ContinuousClock.now
                let response = try await form.post(SiteURLs.edit(product.id), fields: edit)
                return Answer(
                    path: "POST edit", status: response.status, retryAfter: response.headers[.retryAfter], text: response.text,
                    took: ContinuousClock.now - started)
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func expectUnavailable(_ answers: [Answer], _ phase: String) {
        for answer in answers {
            let bound = answer.path == "/ready" ? readyBound : bound
            #expect(answer.took < bound, "\(phase): \(answer.path) took \(answer.took)")
            #expect(answer.status == .serviceUnavailable, "\(phase): \(answer.path) answered \(answer.status): \(answer.text.prefix(300))")
            #expect(answer.retryAfter != nil, "\(phase): \(answer.path) says when to try again")
            if answer.path.hasPrefix("/api/") {
                #expect(answer.text.contains(#""status":503"#), "\(phase): the API's JSON error: \(answer.text.prefix(200))")
            } else if answer.path != "/ready" {
                #expect(answer.text.contains("class=\"retry\""), "\(phase): the error page offers a retry: \(answer.path)")
            }
        }
    }

    /// Waits until `/ready` answers 200, then until a page and a write work again (a connection that was silenced
    /// mid-statement is given up at its limit, once); how long that took.
    @discardableResult
    static func recovered(_ product: ProductDetail, label: String, via client: any TestClientProtocol) async throws -> Duration {
        let started = ContinuousClock.now
        var last = ""
        func requireTime() throws {
            try #require(ContinuousClock.now - started < .seconds(90), "the application did not recover: \(last)")
        }
        while true {
            let ready = try await answer("/ready", via: client)
            if ready.status == .ok { break }
            last = "/ready \(ready.status) \(ready.text)"
            try requireTime()
            try await Task.sleep(for: .milliseconds(100))
        }
        var attempt = 0
        while true {
            let page = try await answer("/products?q=\(label)\(attempt)", via: client)
            if page.status == .ok { break }
            last = "page \(page.status)"
            try requireTime()
            attempt += 1
        }
        var browser = StorefrontBrowser(client)
        try await browser.get(SiteURLs.newProduct)
        while true {
            let current = try #require(try await MarketProbe.product(product.id, via: client))
            let fields = current.editFields(password: TestSupport.vendor.secret, changing: ["stock": "\(40 + attempt)"])
            // This client follows the redirect to the product: whether the edit was saved is read from the market.
            let saved = try await browser.post(SiteURLs.edit(product.id), fields: fields)
            if saved.status == .ok, try await MarketProbe.product(product.id, via: client)?.stock == 40 + attempt { break }
            last = "edit \(saved.status)"
            try requireTime()
            attempt += 1
        }
        return ContinuousClock.now - started
    }

    @Test("The server gone, then silent: every answer within its bound, and back to work after each")
    func outage() async throws {
        try await PostgresTestServer.withDatabase { location in
            let relay = try await SilenceableRelay.start(to: location.host, port: location.port)
            var through = location
            (through.host, through.port) = ("127.0.0.1", relay.port)
            var config = PostgresMarketAppTests.configuration(through, sampleData: true)
            config.databaseLimits = Self.limits
            let app = try await buildApplication(config)
            try await app.stoppableTest(.ahc(.http)) { client in
                let product = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
                // One product per round that no page has read (the API's reads are not the pages' kept answers).
                var untouched: [ProductDetail] = []
                for summary in try await MarketProbe.products(via: client) where summary.id != product.id && untouched.count < 4 {
                    untouched.append(try #require(try await MarketProbe.product(summary.id, via: client)))
                }
                var browser = StorefrontBrowser(client)
                // The form's token comes with any page of the visitor; this one reads no product.
                try await browser.get(SiteURLs.newProduct)
                #expect(try await Self.answer("/ready", via: client).status == .ok)

                // The server's process is gone: its connections close, new ones are refused.
                relay.cut()
                for round in 0..<2 {
                    let answers = try await Self.everyKind(round: round, product: untouched[round], browser: browser, via: client)
                    Self.expectUnavailable(answers, "cut \(round)")
                }
                relay.restore()
                try await Self.recovered(product, label: "cut", via: client)

                // The server stops answering without closing anything: work on a connection is given up at its limit.
                relay.silence()
                for round in 2..<4 {
                    let answers = try await Self.everyKind(round: round, product: untouched[round], browser: browser, via: client)
                    Self.expectUnavailable(answers, "silent \(round)")
                }
                relay.speak()
                try await Self.recovered(product, label: "silent", via: client)
            }
            await relay.close()
        }
    }
}
