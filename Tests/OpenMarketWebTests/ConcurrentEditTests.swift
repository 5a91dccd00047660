import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import OpenMarketCore
import OpenMarketPostgres
import Testing
@testable import OpenMarketWeb

/// Edits of one product racing each other over real HTTP, from the storefront's form and the console at once: an
/// edit is acknowledged (303) only when the market wrote it on the state its form showed, in the same transaction,
/// so no acknowledged edit is overwritten unseen; the history's old values are each change's own.
@Suite("Concurrent edits", .timeLimit(.minutes(10)))
struct ConcurrentEditTests {
    /// The stores the edits are written to: the embedded SQLite market, and PostgreSQL when a test server is named.
    enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres

        static let available: [Store] = PostgresTestServer.url == nil ? [.sqlite] : [.sqlite, .postgres]

        var testDescription: String { rawValue }

        /// An application with sample products and the admin password, on this store, listening on a real socket; the
        /// test gets the live client and a client for tabs of its own, one connection each, that follows no redirect.
        func withApp<T: Sendable>(_ body: @escaping @Sendable (any TestClientProtocol, Browsers) async throws -> T) async throws -> T {
            switch self {
            case .sqlite:
                return try await Self.serve(AdminClient.configuration(), body)
            case .postgres:
                return try await PostgresTestServer.withDatabase { location in
                    var config = PostgresMarketAppTests.configuration(location, sampleData: true)
                    config.adminPassword = AdminClient.password
                    return try await Self.serve(config, body)
                }
            }
        }

        private static func serve<T: Sendable>(
            _ config: AppConfiguration, _ body: @escaping @Sendable (any TestClientProtocol, Browsers) async throws -> T
        ) async throws -> T {
            try await buildApplication(config).stoppableTest(.live) { client in
                let browsers = Browsers(port: try #require(client.port))
                do {
                    let result = try await body(client, browsers)
                    try await browsers.http.shutdown()
                    return result
                } catch {
                    try? await browsers.http.shutdown()
                    throw error
                }
            }
        }
    }

    /// Real connections for many tabs at once (the live test client has one), redirects left to the test.
    struct Browsers: Sendable {
        let port: Int
        let http: HTTPClient

        init(port: Int) {
            self.port = port
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
            http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }

        /// Status, headers and text of one request, with the tab's cookies.
        func send(_ method: HTTPMethod, _ path: String, cookies: [String: String], form: [(String, String)]? = nil) async throws
            -> (status: Int, setCookies: [String], text: String) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = method
            if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
            if let form {
                request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                request.body = .bytes(ByteBuffer(string: FormEncoding.urlEncoded(form)))
            }
            let response = try await http.execute(request, timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
            return (Int(response.status.code), response.headers["Set-Cookie"], String(buffer: body))
        }
    }

    /// One open edit form: a storefront tab with the seller's password, or a console tab (no password).
    struct Tab: Sendable {
        var cookies: [String: String] = [:]
        var isConsole: Bool
        var token = ""
        var shown = ""

        func editPath(_ id: Int) -> String { isConsole ? "/admin/products/\(id)/edit" : SiteURLs.edit(id) }

        /// Opens the edit form and keeps what it showed.
        mutating func open(_ id: Int, in browsers: Browsers) async throws {
            let form = try await browsers.send(.GET, editPath(id), cookies: cookies)
            #expect(form.status == 200, "the edit form answered \(form.status)")
            for header in form.setCookies {
                guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
                cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            token = try #require(form.text.firstCapture(#"name="_csrf" value="([0-9a-f]+)""#))
            shown = try #require(form.text.firstCapture(#"name="shown" value="([A-Za-z0-9_-]+)""#))
        }

        /// Submits the form as it was filled in from `product`, with the name changed (or the photo choices of the
        /// storefront's form added), based on what it showed.
        mutating func submit(_ product: ProductDetail, name: String? = nil, photos: [(String, String)] = [], in browsers: Browsers) async throws -> Int {
            var fields = product.editFields(password: TestSupport.vendor.secret, changing: name.map { ["name": $0] } ?? [:])
            if isConsole { fields.removeAll { $0.0 == "password" } }
            let response = try await browsers.send(
                .POST, editPath(product.id), cookies: cookies, form: [("_csrf", token)] + fields + [("shown", shown)] + photos)
            // A 409 page carries the form again, moved to the product as it is now.
            if response.status == 409, let moved = response.text.firstCapture(#"name="shown" value="([A-Za-z0-9_-]+)""#) { shown = moved }
            return response.status
        }
    }

    /// Storefront and console tabs, half each; the console's share one signed-in session, as tabs of one browser do.
    static func tabs(_ count: Int, via client: any TestClientProtocol) async throws -> [Tab] {
        let admin = try await AdminClient.signedIn(client)
        return (0..<count).map { index in
            index.isMultiple(of: 2) ? Tab(isConsole: false) : Tab(cookies: admin.browser.cookies, isConsole: true)
        }
    }

    /// The product's successful edits of its name, oldest first, as the console's history shows them.
    static func nameChanges(_ id: Int, via client: any TestClientProtocol) async throws -> [(old: String, new: String)] {
        var admin = try await AdminClient.signedIn(client)
        let page = try await admin.get("/admin/products/\(id)")
        return page.historyRows.filter { $0.contains("class=\"outcome-success\"") }.compactMap { row in
            guard let old = row.firstCapture(#"data-field="name">[^<]*</span>: <del>([^<]*)</del>"#),
                let new = row.firstCapture(#"data-field="name">[^<]*</span>: <del>[^<]*</del> → <ins>([^<]*)</ins>"#)
            else { return nil }
            return (old, new)
        }.reversed()
    }

    @Test("20 tabs of the storefront and the console edit at once: one per state is acknowledged, none is lost", arguments: Store.available)
    func manyTabs(store: Store) async throws {
        try await store.withApp { client, browsers in
            let product = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var tabs = try await Self.tabs(20, via: client)
            for index in tabs.indices { try await tabs[index].open(product.id, in: browsers) }

            // Every tab submits at once; a tab told 409 submits the form it got back, as a person saving again would.
            let outcomes = try await withThrowingTaskGroup(of: (name: String, first: Int, acknowledged: Bool).self) { group in
                for (index, tab) in tabs.enumerated() {
                    group.addTask {
                        var tab = tab
                        let name = "Raced lantern \(index)"
                        let first = try await tab.submit(product, name: name, in: browsers)
                        var status = first
                        var tries = 1
                        // 429: the guessing limit checks only a few passwords of one client at once (the throttle's
                        // reservation); the tab waits its Retry-After and sends the same form again.
                        while status == 409 || status == 429, tries < 40 {
                            if status == 429 { try await Task.sleep(for: .seconds(1)) }
                            status = try await tab.submit(product, name: name, in: browsers)
                            tries += 1
                        }
                        return (name, first, status == 303)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let firstStatuses = outcomes.map(\.first)
            #expect(firstStatuses.allSatisfy { $0 == 303 || $0 == 409 || $0 == 429 }, "\(firstStatuses)")
            #expect(firstStatuses.filter { $0 == 303 }.count == 1, "only one edit can be based on the state all forms showed")
            let acknowledged = outcomes.filter(\.acknowledged).map(\.name)
            #expect(acknowledged.count == 20, "every tab saved once it had seen the others' changes")

            // The history: one entry per acknowledged edit, each one's old value the one before's new value.
            let changes = try await Self.nameChanges(product.id, via: client)
            #expect(changes.count == acknowledged.count)
            #expect(Set(changes.map(\.new)) == Set(acknowledged), "every acknowledged edit is in the history")
            var previous = product.name
            for change in changes {
                #expect(change.old == previous, "\(change.new) replaced \(change.old), but the name was \(previous)")
                previous = change.new
            }
            #expect(try await MarketProbe.product(product.id, via: client)?.name == previous, "the last acknowledged edit is the product now")
        }
    }

    @Test("Tabs arranging the photos at once: one is acknowledged, and the photos are its arrangement", arguments: Store.available)
    func photoArrangements(store: Store) async throws {
        try await store.withApp { client, browsers in
            let product = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let ids = product.images.map(\.id)
            try #require(ids.count >= 3)
            var tabs = (0..<8).map { _ in Tab(isConsole: false) }
            for index in tabs.indices { try await tabs[index].open(product.id, in: browsers) }
            let outcomes = try await withThrowingTaskGroup(of: (status: Int, order: [Int]).self) { group in
                for (index, tab) in tabs.enumerated() {
                    group.addTask {
                        var tab = tab
                        // Each tab moves another photo first and removes the last of the rest.
                        let moved = ids[1 + index % (ids.count - 1)]
                        let order = Array(([moved] + ids.filter { $0 != moved }).dropLast())
                        let removed = ([moved] + ids.filter { $0 != moved }).last ?? 0
                        let photos = order.enumerated().map { ("photo_place_\($1)", String($0 + 1)) } + [("remove_photo", String(removed))]
                        return (try await tab.submit(product, photos: photos, in: browsers), order)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = outcomes.map(\.status)
            #expect(statuses.allSatisfy { $0 == 303 || $0 == 409 || $0 == 429 }, "\(statuses)")
            let winners = outcomes.filter { $0.status == 303 }
            #expect(winners.count == 1, "only one arrangement can be based on the photos all forms showed: \(statuses)")
            let after = try #require(try await MarketProbe.product(product.id, via: client))
            #expect(after.images.map(\.id) == winners.first?.order, "the photos are the acknowledged arrangement, nothing of the others")
        }
    }

    @Test("Two tabs submitted at the same moment: one 303, one 409, ten times over", arguments: Store.available)
    func twoTabs(store: Store) async throws {
        try await store.withApp { client, browsers in
            let product = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let admin = try await AdminClient.signedIn(client)
            for round in 0..<10 {
                let current = try #require(try await MarketProbe.product(product.id, via: client))
                // Two tabs of the seller's browser; every other round the second is the console.
                var first = Tab(isConsole: false)
                var second = round.isMultiple(of: 2) ? Tab(isConsole: false) : Tab(cookies: admin.browser.cookies, isConsole: true)
                try await first.open(product.id, in: browsers)
                try await second.open(product.id, in: browsers)
                let (tabs, open) = ([first, second], current)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for (index, tab) in tabs.enumerated() {
                        group.addTask {
                            var tab = tab
                            return try await tab.submit(open, name: "Camera \(round) \(index)", in: browsers)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }.sorted()
                #expect(statuses == [303, 409], "round \(round): \(statuses)")
                let after = try #require(try await MarketProbe.product(product.id, via: client))
                #expect(after.name.hasPrefix("Camera \(round) "), "the acknowledged edit is the product now")
            }
            let changes = try await Self.nameChanges(product.id, via: client)
            #expect(changes.count == 10)
            var previous = product.name
            for change in changes {
                #expect(change.old == previous)
                previous = change.new
            }
        }
    }
}
