import Foundation
import Hummingbird
import HummingbirdTesting
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Limits our dependencies do not set by default: idle connections, slow bodies, stalled or huge upstream answers.
@Suite("Connection and upstream limits", .timeLimit(.minutes(10)))
struct ConnectionLimitsTests {
    @Test func aBodyThatTricklesIsCutOffAtTheDeadline() async throws {
        var config = TestSupport.configuration()
        config.bodyDeadline = .milliseconds(500)
        let dataDirectory = config.dataDirectory
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let socket = try await RawSocket.connect(port: try #require(client.port))
            try await socket.send(
                "POST /api/products HTTP/1.1\r\nHost: localhost\r\nidentifier: \(TestSupport.vendor.identifier)\r\n"
                    + "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 5000\r\n\r\n--B\r\n")
            let (text, _) = await socket.receiveUntilClosed(timeout: .seconds(30))
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text.prefix(200))")
            #expect(text.contains("did not arrive within"))
            let counts = try TestSupport.counts(in: dataDirectory)
            #expect(counts.products == 24)
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        var config = TestSupport.configuration()
        config.idleTimeout = .milliseconds(500)
        let app = try await buildApplication(config)
        try await app.stoppableTest(.live) { client in
            let socket = try await RawSocket.connect(port: try #require(client.port))
            try await socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n")
            let (_, closed) = await socket.receiveUntilClosed(timeout: .seconds(30))
            #expect(closed, "a client that stops mid-headers must not hold its connection")
        }
    }

    @Test func theClientGivesUpOnAServerThatNeverAnswers() async throws {
        let (listener, port) = try RawSocket.silentListener()
        let client = OpenMarketClient(configuration: .init(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), connectTimeout: .seconds(1), requestTimeout: .milliseconds(400)))
        let started = ContinuousClock.now
        do {
            _ = try await client.products(ProductQuery())
            Issue.record("expected a timeout")
        } catch {
            #expect(error == .timeout)
        }
        // Bounded, not timed: without the request timeout the silent server would hold the request forever. A loaded
        // machine (the whole suite at once) has taken half a minute to start the client's threads and give up.
        #expect(ContinuousClock.now - started < .seconds(90), "an answer in bounded time")
        try await client.shutdown()
        withExtendedLifetime(listener) {}
    }

    @Test func theDeadlineCoversTheRetryAndARefusedConnectionIsReportedAtOnce() async throws {
        let (listener, port) = try RawSocket.silentListener()
        let silent = OpenMarketClient(configuration: .init(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), connectTimeout: .seconds(1), requestTimeout: .seconds(2)))
        await #expect(throws: OpenMarketError.timeout) { _ = try await silent.products(ProductQuery()) }
        // The deadline was spent on one connection: a timed-out request is not sent again with a fresh deadline.
        #expect(listener.acceptWaiting() == 1)
        try await silent.shutdown()

        // A port nobody listens on: refused is an answer, not something to retry until the connect timeout.
        let closedPort = try RawSocket.silentListener().port
        let refused = OpenMarketClient(configuration: .init(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(closedPort)")), connectTimeout: .seconds(30), requestTimeout: .seconds(60)))
        let tried = ContinuousClock.now
        do {
            _ = try await refused.products(ProductQuery())
            Issue.record("expected the connection to be refused")
        } catch {
            #expect(error.isUnreachable, "\(error)")
        }
        #expect(ContinuousClock.now - tried < .seconds(20), "not retried until the 30 s connect timeout")
        try await refused.shutdown()
    }

    @Test func theClientRefusesAnOversizedResponse() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.live) { live in
            let port = try #require(live.port)
            let client = OpenMarketClient(configuration: .init(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), maxResponseBytes: 1_000))
            do {
                _ = try await client.products(ProductQuery(perPage: 20))
                Issue.record("expected the size cap to refuse the page")
            } catch let error as OpenMarketError {
                guard case .undecodableResponse(let detail) = error else { Issue.record("got \(error)"); return }
                #expect(detail.contains("1000"))
            }
            // A small answer still passes under the same cap.
            try await client.healthCheck()
            try await client.shutdown()
        }
    }

    @Test func theClientReportsAClosedPortAsUnreachable() async throws {
        // A port that was listening a moment ago and is closed now.
        let port = try RawSocket.silentListener().port
        let client = OpenMarketClient(configuration: .init(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), connectTimeout: .seconds(1)))
        do {
            try await client.healthCheck()
            Issue.record("expected unreachable")
        } catch {
            guard case .unreachable = error else { Issue.record("got \(error)"); return }
        }
        try await client.shutdown()
    }
}
