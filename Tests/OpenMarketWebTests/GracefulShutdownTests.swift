import Foundation
import GRDB
import NIOCore
import OpenMarketCore
import Testing

/// SIGTERM (a deploy, a scale-in, systemd's stop) drains: requests already being received are finished and
/// answered, then the process exits cleanly; nothing new is accepted meanwhile.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GracefulShutdownTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerProcessTests.executable.path), "needs `swift build` to have built openmarket-web"))
    func sigtermLetsAnUploadInFlightFinishThenExitsCleanly() async throws {
        try await ServerProcess.with { server in
            let upload = try UploadBody.valid(imageCount: 1)
            let body = Array(try upload.buffer().readableBytesView)
            let head = "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nidentifier: \(TestSupport.vendor.identifier)\r\n"
                + "Content-Type: \(upload.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"

            // Given an upload whose headers and first half have arrived
            let socket = try await RawSocket.connect(port: server.port)
            try await socket.send(head)
            try await socket.send(bytes: Array(body[..<(body.count / 2)]))
            try await Task.sleep(for: .milliseconds(300))

            // When the server is asked to stop, and the rest of the body arrives after that
            server.terminate()
            try await Task.sleep(for: .milliseconds(500))
            #expect(server.isRunning, "the server must wait for the request it is receiving")
            try await socket.send(bytes: Array(body[(body.count / 2)...]))

            // Then the upload is answered as usual, and the process then exits with status 0
            let answer = await socket.receiveUntilClosed(timeout: .seconds(30)).text
            #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer.prefix(200))")
            #expect(answer.contains(#""name":"Ceramic Mug""#))
            let exit = await server.waitForExit(timeout: .seconds(30))
            #expect(exit == 0)
            #expect((try? await RawSocket.connect(port: server.port)) == nil, "nothing listens after the drain")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerProcessTests.executable.path), "needs `swift build` to have built openmarket-web"))
    func searchesCountedInMemoryAreWrittenBeforeTheProcessExits() async throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServerProcess.with(dataDirectory: directory) { server in
            // Given a product to find, and three searches that find it, the last just before the stop
            let upload = try UploadBody.valid(imageCount: 1)
            let body = Array(try upload.buffer().readableBytesView)
            let head = "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nidentifier: \(TestSupport.vendor.identifier)\r\n"
                + "Content-Type: \(upload.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let created = try await server.send(Array(head.utf8) + body)
            #expect(created.hasPrefix("HTTP/1.1 201"), "\(created.prefix(200))")
            for _ in 0..<3 {
                let found = try await server.get("/products?q=ceramic")
                #expect(found.contains("Ceramic Mug"))
            }

            // When it is stopped as a deploy stops it
            server.terminate()
            #expect(await server.waitForExit(timeout: .seconds(30)) == 0)
        }
        // Then the three searches are in the web store
        let store = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path)
        let searches = try await store.read { db in try Int.fetchOne(db, sql: "SELECT sum(searches) FROM searchCount WHERE term = 'ceramic'") }
        #expect(searches == 3)
    }
}
