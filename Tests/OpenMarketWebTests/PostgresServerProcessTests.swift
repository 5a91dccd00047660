import Foundation
#if canImport(Glibc)
import Glibc
#endif
import OpenMarketPostgres
import Testing

/// `openmarket-web --database …` as an operator starts it: its own process, its exit status and what it prints.
@Suite("openmarket-web --database", .serialized, .timeLimit(.minutes(10)))
struct PostgresServerProcessTests {
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: ServerProcessTests.executable.path) }

    /// Runs the executable to its end (or stops it after `timeout`: SIGTERM, then SIGKILL); its status and standard
    /// error. Standard error goes to a file, read once the process has ended: nothing waits on a pipe.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> (status: Int32, errors: String) {
        let log = TestSupport.temporaryDirectory().appending(path: "stderr.log")
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let process = SpawnedProcess(
            executable: ServerProcessTests.executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OPENMARKET_") }
                .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
            standardError: descriptor)
        defer { close(descriptor) }
        try process.run()
        var status = await process.exitStatus(within: timeout)
        if status == nil { status = await process.stop() }
        return (status ?? -1, try String(contentsOf: log, encoding: .utf8))
    }

    static func baseArguments(_ directory: URL) -> [String] {
        ["--port", "0", "--data-dir", directory.path, "--root", TestSupport.packageRoot.path, "--no-sample-data", "--log-level", "error"]
    }

    @Test(.enabled(if: isBuilt, "needs `swift build` to have built openmarket-web"))
    func aDatabaseURLOfAnotherKindIsRefusedBeforeAnythingStarts() async throws {
        let directory = TestSupport.temporaryDirectory()
        let refused = try await Self.run(Self.baseArguments(directory) + ["--database", "mysql://shop:hunter22@127.0.0.1/shop"])
        #expect(refused.status != 0)
        #expect(refused.errors.contains(
            "--database (OPENMARKET_DATABASE) must be postgres://user:password@host:5432/database, or sqlite:// for the data directory's file."))
        #expect(!refused.errors.contains("hunter22"))
        let unreachable = try await Self.run(Self.baseArguments(directory) + ["--database", "postgres://shop:hunter22@127.0.0.1:1/shop"])
        #expect(unreachable.status != 0)
        #expect(unreachable.errors.contains("The market database postgres://shop@127.0.0.1:1/shop cannot be used: "), "\(unreachable.errors)")
        #expect(!unreachable.errors.contains("hunter22"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "market.sqlite").path))
    }

    @Test(.enabled(if: isBuilt && PostgresTestServer.url != nil, "needs openmarket-web built and OPENMARKET_TEST_DATABASE"))
    func aServerOnPostgreSQLIsReadyAndStopsCleanlyOnSIGTERM() async throws {
        try await PostgresTestServer.withDatabase { location in
            let directory = TestSupport.temporaryDirectory()
            let port = try TestSupport.freePort()
            var arguments = Self.baseArguments(directory)
            arguments[1] = String(port)
            let url = "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database)"
            let process = SpawnedProcess(
                executable: ServerProcessTests.executable, arguments: arguments + ["--database", url],
                environment: ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
            try await process.running {
                try await TestSupport.waitUntilListening(port: port)
                let socket = try await RawSocket.connect(port: port)
                try await socket.send("GET /ready HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                let ready = await socket.receiveUntilClosed(timeout: .seconds(30)).text
                #expect(ready.hasPrefix("HTTP/1.1 200"), "\(ready.prefix(200))")
                #expect(ready.contains("\"market\":\"ok\""))
                process.terminate()
                let status = await process.exitStatus(within: .seconds(30))
                #expect(status != nil, "SIGTERM stops the server and its database pool")
                if let status { #expect(status == 0) }
            }
        }
    }
}
