import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

@Suite("Home page and application wiring", .timeLimit(.minutes(10)))
struct HomePageTests {
    @Test func homeListsTheNewestSampleProductsEscaped() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.text
                #expect(html.contains("총 24개 중 1–20"))
                #expect(html.components(separatedBy: "<li class=\"product-card").count - 1 == 20)
                // The sample DVD's name holds markup characters; they must come out as entities.
                #expect(html.contains("Tom &amp; Jerry &lt;DVD&gt; &quot;Special&quot;"))
                #expect(!html.contains("<DVD>"))
            }
        }
    }

    @Test func emptyMarketSaysSo() async throws {
        let app = try await buildApplication(TestSupport.configuration(backend: .embedded(loadSampleData: false)))
        try await app.stoppableTest(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("아직 등록된 상품이 없습니다"))
            }
        }
    }

    @Test func unknownPageIsAn404HTMLPageWithAWayBack() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            try await client.execute(uri: "/no/such/page", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.text.contains("href=\"/products\""))
                #expect(response.text.contains("페이지를 찾을 수 없습니다"))
            }
        }
    }

    @Test func staticFilesAreServedFromPublic() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            try await client.execute(uri: "/css/site.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("prefers-color-scheme"))
            }
        }
    }

    @Test func remoteModeShowsTheUpstreamProductsThroughTheClient() async throws {
        let upstream = try await buildApplication(TestSupport.configuration())
        try await upstream.stoppableTest(.live) { upstreamClient in
            let port = try #require(upstreamClient.port)
            let remote = TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:\(port)"))))
            let app = try await buildApplication(remote)
            try await app.stoppableTest(.live) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("총 24개 중 1–20"))
                    #expect(response.text.contains("Tom &amp; Jerry"))
                    // Image URLs come from the upstream, absolute.
                    #expect(response.text.contains("src=\"http://127.0.0.1:\(port)/images/"))
                }
                // Remote mode does not serve the market API itself.
                try await client.execute(uri: "/api/products", method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
        }
    }

    @Test func remoteModeWithTheUpstreamDownIsA502PageWithRetryAndRequestID() async throws {
        // A port nothing listens on: bind-and-release gives one that was free a moment ago.
        let closed = try await buildApplication(TestSupport.configuration(backend: .embedded(loadSampleData: false)))
        let port = try await closed.stoppableTest(.live) { client in try #require(client.port) }
        let app = try await buildApplication(TestSupport.configuration(backend: .remote(try #require(URL(string: "http://127.0.0.1:\(port)")))))
        try await app.stoppableTest(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .badGateway)
                let html = response.text
                #expect(html.contains("다시 시도"))
                let requestID = try #require(response.headers[HTTPField.Name("X-Request-Id")!])
                #expect(html.contains(requestID))
                #expect(!html.contains("Connection refused") && !html.contains("NIO"), "no raw error text in the page")
            }
        }
    }

    @Test func startupFailsClearlyWithoutTemplates() async throws {
        var config = TestSupport.configuration()
        config.rootDirectory = TestSupport.temporaryDirectory()
        await #expect {
            _ = try await buildApplication(config)
        } throws: { error in
            guard let error = error as? StartupError, case .missingDirectory(let path) = error else { return false }
            return path.hasSuffix("Templates")
        }
    }

    @Test func startupFailsWhenARequiredTemplateIsMissing() async throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appending(path: "Templates"), withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: SAFE_HTML }}<p>x</p>".write(to: root.appending(path: "Templates/layout.mustache"), atomically: true, encoding: .utf8)
        var config = TestSupport.configuration()
        config.rootDirectory = root
        await #expect {
            _ = try await buildApplication(config)
        } throws: { error in
            guard let error = error as? StartupError, case .missingTemplate(let name) = error else { return false }
            return name == "products/index"
        }
    }

    @Test func identifierWithoutSecretIsRefusedAtStartup() async throws {
        var config = TestSupport.configuration()
        config.secret = nil
        await #expect(throws: StartupError.self) { _ = try await buildApplication(config) }
    }

    @Test func demoVendorIsCreatedOnceAndKeptAcrossRestarts() async throws {
        let directory = TestSupport.temporaryDirectory()
        var config = TestSupport.configuration(dataDirectory: directory)
        config.identifier = nil
        config.secret = nil
        // Sample products load before the first request, not while building: start the application each time.
        try await buildApplication(config).stoppableTest(.router) { _ in }
        let file = directory.appending(path: "vendor-credentials.json")
        let first = try Data(contentsOf: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try await buildApplication(config).stoppableTest(.router) { _ in }
        #expect(try Data(contentsOf: file) == first)
        let stored = try JSONDecoder().decode(VendorSetup.StoredCredentials.self, from: first)
        #expect(stored.secret.count == 16)
        #expect(try TestSupport.counts(in: directory).products == 24, "sample data loaded once, not twice")
    }

    @Test func aLostCredentialsFileGetsANewDemoVendorWithoutANameClash() async throws {
        let directory = TestSupport.temporaryDirectory()
        var config = TestSupport.configuration(dataDirectory: directory)
        config.identifier = nil
        config.secret = nil
        _ = try await buildApplication(config)
        let file = directory.appending(path: "vendor-credentials.json")
        let first = try JSONDecoder().decode(VendorSetup.StoredCredentials.self, from: Data(contentsOf: file))
        try FileManager.default.removeItem(at: file)
        _ = try await buildApplication(config)
        let second = try JSONDecoder().decode(VendorSetup.StoredCredentials.self, from: Data(contentsOf: file))
        #expect(second.identifier != first.identifier)
    }
}
