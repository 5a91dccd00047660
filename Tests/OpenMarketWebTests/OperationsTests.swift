import Foundation
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/metrics` and `/ready`, over loopback. Metrics are per process and tests run in parallel, so each test reads a
/// figure before and after its own requests and expects at least its own share of the change.
@Suite(.timeLimit(.minutes(10))) struct OperationsTests {
    /// The value of the sample whose name is `name` and whose labels include every pair in `labels`, summed over
    /// the samples that match (0 when none does).
    static func sample(_ exposition: String, _ name: String, _ labels: [String: String] = [:]) -> Double {
        exposition.split(separator: "\n").reduce(0) { sum, line in
            guard !line.hasPrefix("#"), line.hasPrefix(name + "{") || line.hasPrefix(name + " ") else { return sum }
            let labelText = line.firstIndex(of: "{").flatMap { open in line.lastIndex(of: "}").map { line[open...$0] } } ?? ""
            guard labels.allSatisfy({ labelText.contains("\($0.key)=\"\($0.value)\"") }) else { return sum }
            return sum + (line.split(separator: " ").last.flatMap { Double($0) } ?? 0)
        }
    }

    static func metrics(_ client: some TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/metrics", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            return String(buffer: response.body)
        }
    }

    @Test func requestsAreCountedAndTimedPerRoutePatternAndStatus() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            let route = ["http_route": "/products/{id}", "http_request_method": "GET"]
            let before = try await Self.metrics(client)
            for id in [3, 5, 7] {
                try await client.execute(uri: "/products/\(id)", method: .get) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/products/999999", method: .get) { #expect($0.status == .notFound) }
            let after = try await Self.metrics(client)

            let ok = route.merging(["http_response_status_code": "200"]) { $1 }
            let missing = route.merging(["http_response_status_code": "404"]) { $1 }
            #expect(Self.sample(after, "hb_requests", ok) - Self.sample(before, "hb_requests", ok) >= 3)
            #expect(Self.sample(after, "hb_requests", missing) - Self.sample(before, "hb_requests", missing) >= 1)
            #expect(Self.sample(after, "http_server_request_duration_count", ok) - Self.sample(before, "http_server_request_duration_count", ok) >= 3)
            // Labelled by pattern, never by the raw path a client chose.
            #expect(!after.contains("/products/999999"))
        }
    }

    @Test func uploadSizesAndWrongGuessesAreRecorded() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        let upload = try UploadBody.valid(imageCount: 2)
        try await app.stoppableTest(.live) { client in
            let before = try await Self.metrics(client)
            try await client.execute(
                uri: "/api/products", method: .post,
                headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer()
            ) { #expect($0.status == .created) }
            for _ in 0..<2 {
                try await client.execute(
                    uri: "/api/products/1", method: .patch, headers: [.identifier: TestSupport.vendor.identifier],
                    body: ByteBuffer(string: #"{"stock":1,"secret":"wrong"}"#)
                ) { #expect($0.status == .unauthorized) }
            }
            let after = try await Self.metrics(client)

            let api = ["path": "api"]
            #expect(Self.sample(after, "openmarket_upload_bytes_count", api) - Self.sample(before, "openmarket_upload_bytes_count", api) >= 2)
            let bytes = Self.sample(after, "openmarket_upload_bytes_sum", api) - Self.sample(before, "openmarket_upload_bytes_sum", api)
            #expect(bytes >= Double(2 * (try TestSupport.sampleImage()).count))
            let vendor = ["subject": "vendor_secret"]
            #expect(Self.sample(after, "openmarket_wrong_guesses", vendor) - Self.sample(before, "openmarket_wrong_guesses", vendor) >= 2)
        }
    }

    @Test func readyWhenBothStoresAnswer() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/ready", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(String(buffer: response.body) == #"{"status":"ready","checks":{"market":"ok","webStore":"ok"}}"#)
            }
        }
    }

    @Test func notReadyWhileTheUpstreamIsDown() async throws {
        // A port nobody listens on: the upstream market is down, the front end itself is up.
        let upstream = try #require(URL(string: "http://127.0.0.1:\(try TestSupport.freePort())"))
        var config = TestSupport.configuration(backend: .remote(upstream))
        config.upstreamTimeout = .seconds(5)
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            try await client.execute(uri: "/ready", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix(#"{"status":"not ready","checks":{"market":""#))
                #expect(!body.contains(#""market":"ok""#))
                #expect(body.hasSuffix(#","webStore":"ok"}}"#))
            }
        }
    }
}
