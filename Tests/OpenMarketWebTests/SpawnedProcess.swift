import Foundation
import Glibc
import NIOConcurrencyHelpers

/// The executable started as an operator starts it, through `posix_spawn`.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` to close what the child should not inherit,
/// and it crashed there (a bad read in its directory walk) while the other suites opened and closed descriptors —
/// in a test process with hundreds of them. Here the child closes every descriptor from 3 up itself
/// (`posix_spawn_file_actions_addclosefrom_np`), and nothing else in the process is read.
final class SpawnedProcess: Sendable {
    let executable: URL
    let arguments: [String]
    let environment: [String: String]
    /// The child's standard error: this descriptor, or /dev/null. Standard input and output are /dev/null.
    let standardError: Int32?
    private let state = NIOLockedValueBox<(pid: pid_t, status: Int32?)>((0, nil))

    init(executable: URL, arguments: [String], environment: [String: String], standardError: Int32? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.standardError = standardError
    }

    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
    /// declare: looked up once by name.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    func run() throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let standardError {
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else { throw SpawnError(code: ENOSYS) }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnError(code: code) }
        state.withLockedValue { $0 = (pid, nil) }
    }

    var processIdentifier: pid_t { state.withLockedValue { $0.pid } }

    /// Whether the child has not ended yet (it is reaped as soon as it has).
    var isRunning: Bool { reap(blocking: false) == nil }

    /// Sends SIGTERM.
    func terminate() {
        let pid = processIdentifier
        if pid > 0, isRunning { Glibc.kill(pid, SIGTERM) }
    }

    func waitUntilExit() {
        _ = reap(blocking: true)
    }

    /// The exit code when the child exited, the signal's number when a signal ended it (as `Process` tells).
    var terminationStatus: Int32 {
        guard let status = reap(blocking: false) else { return -1 }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    private func reap(blocking: Bool) -> Int32? {
        state.withLockedValue { state in
            if let status = state.status { return status }
            guard state.pid > 0 else { return nil }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(state.pid, &status, blocking ? 0 : WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == state.pid else { return nil }
            state.status = status
            return status
        }
    }
}
