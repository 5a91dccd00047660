import Foundation
import Glibc
import NIOConcurrencyHelpers

/// The executable started as an operator starts it, through `posix_spawn`, in a process group of its own.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` to close what the child should not inherit,
/// and it crashed there (a bad read in its directory walk) while the other suites opened and closed descriptors —
/// in a test process with hundreds of them. Here the child closes every descriptor from 3 up itself
/// (`posix_spawn_file_actions_addclosefrom_np`), and nothing else in the process is read.
///
/// Nothing here blocks a thread of Swift's cooperative pool: the child is reaped with `waitpid(WNOHANG)` between
/// cancellable sleeps, and only after SIGKILL, whose end is certain, does a thread of its own wait for it. Signals go
/// to the child's own group only, and only while the child is not yet reaped, so its number cannot belong to another
/// process by then.
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

    /// A child that is still running when its owner lets go of it (a test that threw before stopping it) is killed.
    deinit {
        let pid = state.withLockedValue { $0.status == nil ? $0.pid : 0 }
        guard pid > 0 else { return }
        Glibc.kill(-pid, SIGKILL)
        let state = self.state
        Thread { _ = Self.reapAfterKill(pid: pid, state: state) }.start()
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
        // A group of its own: whatever the child starts is stopped with it, and nothing else is.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnError(code: code) }
        state.withLockedValue { $0 = (pid, nil) }
        Self.unreaped.withLockedValue { _ = $0.insert(pid) }
    }

    /// Children not yet reaped; a test process that exits kills their groups, so no server outlives the run.
    private static let unreaped: NIOLockedValueBox<Set<pid_t>> = {
        atexit {
            for pid in SpawnedProcess.unreaped.withLockedValue({ $0 }) { Glibc.kill(-pid, SIGKILL) }
        }
        return NIOLockedValueBox([])
    }()

    /// Starts the child, runs `body`, then stops the child however `body` ends (see `stop(grace:)`).
    func running<T>(grace: Duration = .seconds(10), _ body: () async throws -> T) async throws -> T {
        try run()
        do {
            let value = try await body()
            await stop(grace: grace)
            return value
        } catch {
            await stop(grace: grace)
            throw error
        }
    }

    var processIdentifier: pid_t { state.withLockedValue { $0.pid } }

    /// Whether the child has not ended yet (it is reaped as soon as it has).
    var isRunning: Bool { reap() == nil }

    /// Sends `signal` to the child's process group while the child is not reaped; whether it was sent.
    @discardableResult
    func signal(_ signal: Int32) -> Bool {
        state.withLockedValue { state in
            guard state.pid > 0, state.status == nil else { return false }
            return Glibc.kill(-state.pid, signal) == 0
        }
    }

    /// Sends SIGTERM.
    func terminate() {
        signal(SIGTERM)
    }

    /// The child's `terminationStatus` once it has ended, or `nil` when it still runs after `timeout` or the task is
    /// cancelled.
    func exitStatus(within timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        var pause = Duration.milliseconds(2)
        while true {
            if let status = reap() { return Self.code(status) }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return nil }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// SIGTERM, as an operator stops a server; SIGKILL to the whole group when the child has not ended after `grace`
    /// (or at once when the task is cancelled). Returns once the child is reaped, with its `terminationStatus`.
    @discardableResult
    func stop(grace: Duration = .seconds(10)) async -> Int32 {
        signal(SIGTERM)
        if let status = await exitStatus(within: grace) { return status }
        return await kill()
    }

    /// SIGKILL to the child's group; returns once the child is reaped, with its `terminationStatus`.
    @discardableResult
    func kill() async -> Int32 {
        let pid = state.withLockedValue { state -> pid_t in
            guard state.pid > 0, state.status == nil else { return 0 }
            Glibc.kill(-state.pid, SIGKILL)
            return state.pid
        }
        guard pid > 0 else { return terminationStatus }
        // The end after SIGKILL is certain and quick; a thread of its own waits for it, so that a cancelled task
        // (whose sleeps end at once) still waits without spinning or holding a cooperative thread.
        let state = self.state
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.code(Self.reapAfterKill(pid: pid, state: state))) }.start()
        }
    }

    /// The exit code when the child exited, the signal's number when a signal ended it (as `Process` tells).
    var terminationStatus: Int32 {
        guard let status = reap() else { return -1 }
        return Self.code(status)
    }

    static func code(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    /// `waitpid(WNOHANG)`: never blocks.
    private func reap() -> Int32? {
        state.withLockedValue { state in
            if let status = state.status { return status }
            guard state.pid > 0 else { return nil }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(state.pid, &status, WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == state.pid else { return nil }
            state.status = status
            Self.unreaped.withLockedValue { _ = $0.remove(state.pid) }
            return status
        }
    }

    /// On a thread of its own: waits for the killed child to end without reaping it (`WNOWAIT`), then reaps it under
    /// the lock, so a signal sent meanwhile still reaches the child and never a process that took its number.
    private static func reapAfterKill(pid: pid_t, state: NIOLockedValueBox<(pid: pid_t, status: Int32?)>) -> Int32 {
        var information = siginfo_t()
        while waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        return state.withLockedValue { state in
            if let status = state.status { return status }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(pid, &status, WNOHANG)
            } while result == -1 && errno == EINTR
            state.status = result == pid ? status : SIGKILL
            unreaped.withLockedValue { _ = $0.remove(pid) }
            return state.status ?? SIGKILL
        }
    }
}
