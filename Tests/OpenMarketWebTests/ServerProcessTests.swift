import Foundation
#if canImport(Glibc)
import Glibc
#endif
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// Hostile list URLs against the real `openmarket-web` executable in its own process: a crash there (a Swift
/// runtime trap) takes down one server, not the whole test run.
@Suite("Server process survives hostile list URLs", .serialized, .timeLimit(.minutes(10)))
struct ServerProcessTests {
    static let executable = TestSupport.packageRoot.appending(path: ".build/debug/openmarket-web")

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: executable.path), "needs `swift build` to have built openmarket-web"),
        arguments: ["9223372036854775807", "461168601842738792", "9223372036854775806&per_page=10"])
    func hugePageNumberIsAnsweredWithoutCrashingTheServer(page: String) async throws {
        try await ServerProcess.with { server in
            let before = try await server.get("/products")
            try #require(before.hasPrefix("HTTP/1.1 200"), "the server answers ordinary requests")
            let answer = try await server.get("/products?page=\(page)")
            #expect(answer.hasPrefix("HTTP/1.1 200") || answer.hasPrefix("HTTP/1.1 404") || answer.hasPrefix("HTTP/1.1 303"),
                    "got \(answer.isEmpty ? "no answer (connection dropped)" : String(answer.prefix(40)))")
            try await Task.sleep(for: .milliseconds(300))
            try #require(server.isRunning, "the server process must still be running")
            let home = try await server.get("/")
            #expect(home.hasPrefix("HTTP/1.1 200"))
        }
    }

    /// A time zone the system does not know stops the server before it opens anything, saying what it expects.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path), "needs `swift build` to have built openmarket-web"))
    func anUnknownTimeZoneIsRefusedBeforeAnythingStarts() async throws {
        let directory = TestSupport.temporaryDirectory()
        let refused = try await PostgresServerProcessTests.run(PostgresServerProcessTests.baseArguments(directory) + ["--time-zone", "Mars/Olympus"])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("--time-zone must be a time zone name such as Asia/Seoul or UTC (got Mars/Olympus)."), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "market.sqlite").path))
    }

    /// A trailing slash is routed (the APIs answer, pages redirect), but only on a path that is otherwise canonical:
    /// through the whole executable, `//admin/` and `//evil.example/` still reach nothing, and nothing redirects away.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: executable.path), "needs `swift build` to have built openmarket-web"),
        .timeLimit(.minutes(3)))
    func trailingSlashesAreRoutedOnlyOnCanonicalPaths() async throws {
        try await ServerProcess.with { server in
            let expected: [(path: String, status: String, location: String?)] = [
                ("/products/?page=9223372036854775807", "308", "/products?page=9223372036854775807"),
                ("/admin/products/", "308", "/admin/products"),
                ("/api/products/", "200", nil),
                ("/items/1/", "200", nil),
                ("//admin/", "404", nil), ("//admin/products/", "404", nil), ("/admin//", "404", nil), ("//evil.example/", "404", nil),
                ("/./admin/", "404", nil), ("/admin%2F/", "404", nil), ("/api/products/1;x/", "404", nil),
            ]
            for entry in expected {
                let answer = try await server.get(entry.path)
                #expect(answer.hasPrefix("HTTP/1.1 \(entry.status)"), "\(entry.path) → \(answer.prefix(40))")
                let location = answer.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("location:") }
                #expect(location?.dropFirst("location:".count).trimmingCharacters(in: .whitespaces) == entry.location, "\(entry.path)")
            }
            try #require(server.isRunning, "the server process must still be running")
        }
    }
}

/// One `openmarket-web` process on a free loopback port with a fresh, empty data directory, in a process group of
/// its own (`SpawnedProcess`): stopping it waits without holding a thread and ends in SIGKILL if SIGTERM is not enough.
final class ServerProcess: Sendable {
    private let process: SpawnedProcess
    let port: Int

    private init(process: SpawnedProcess, port: Int) {
        self.process = process
        self.port = port
    }

    var isRunning: Bool { process.isRunning }

    /// A started server for the time of `body`, stopped (and reaped) however `body` ends.
    static func with<T>(dataDirectory: URL = TestSupport.temporaryDirectory(), _ body: (ServerProcess) async throws -> T) async throws -> T {
        let server = try await start(dataDirectory: dataDirectory)
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A started server; its owner stops it (`with` does). One that is let go of while running is killed.
    static func start(dataDirectory: URL = TestSupport.temporaryDirectory()) async throws -> ServerProcess {
        // Bind-and-release gives a port that was free a moment ago; another suite may take it before the server
        // binds it, and then the server exits at once: one more try on another port.
        for _ in 1...2 {
            if let server = try await launch(dataDirectory: dataDirectory) { return server }
        }
        throw ServerProcessError.didNotStart
    }

    /// The server once it accepts connections; `nil` if it exited first. A start slower than a minute (the
    /// machine is busy with other suites) is a failure.
    private static func launch(dataDirectory: URL) async throws -> ServerProcess? {
        let port = try RawSocket.silentListener().port
        let process = SpawnedProcess(
            executable: ServerProcessTests.executable,
            arguments: [
                "--port", String(port), "--data-dir", dataDirectory.path, "--root", TestSupport.packageRoot.path,
                "--identifier", TestSupport.vendor.identifier, "--secret", TestSupport.vendor.secret, "--no-sample-data", "--log-level", "critical",
            ],
            // A crash should end the process at once instead of spending seconds on a symbolicated backtrace.
            environment: ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        try process.run()
        let server = ServerProcess(process: process, port: port)
        let deadline = ContinuousClock.now + .seconds(60)
        do {
            while ContinuousClock.now < deadline, process.isRunning {
                if (try? await RawSocket.connect(port: port, timeout: .seconds(5))) != nil { return server }
                try await Task.sleep(for: .milliseconds(100))
            }
        } catch {
            await server.stop()
            throw error
        }
        if process.isRunning {
            await server.stop()
            throw ServerProcessError.didNotStart
        }
        return nil
    }

    /// The raw HTTP answer, or "" when the connection closed without one.
    func get(_ path: String) async throws -> String {
        let socket = try await RawSocket.connect(port: port)
        try await socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return await socket.receiveUntilClosed(timeout: .seconds(30)).text
    }

    /// `kill -9`: no shutdown, no flush, as a power cut or the OOM killer would; returns once the process is reaped.
    func kill() async {
        await process.kill()
    }

    /// Sends raw request bytes and returns the raw answer ("" when the connection closed without one).
    func send(_ request: [UInt8], timeout: Duration = .seconds(10)) async throws -> String {
        let socket = try await RawSocket.connect(port: port)
        try await socket.send(bytes: request, timeout: timeout)
        return await socket.receiveUntilClosed(timeout: timeout).text
    }

    /// SIGTERM, as a deploy or `systemctl stop` sends it; returns at once.
    func terminate() {
        process.terminate()
    }

    /// The exit status once the process has ended, or `nil` if it still runs after `timeout`.
    func waitForExit(timeout: Duration) async -> Int32? {
        await process.exitStatus(within: timeout)
    }

    /// SIGTERM, then SIGKILL after 10 s; returns once the process is reaped.
    func stop() async {
        await process.stop()
    }
}

enum ServerProcessError: Error {
    case didNotStart
}
