import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOConcurrencyHelpers
import Testing

/// The helpers that start processes and open raw sockets wait without holding a thread of Swift's cooperative pool
/// (one per core): with two such threads blocked, every task of the process stops, time limits included, and the
/// run stops answering instead of failing. Each check runs in a process of its own (an exit test), where nothing
/// else competes for the pool; an alarm ends that process if its pool froze.
@Suite("Process and socket helpers hold no thread", .timeLimit(.minutes(10)))
struct TestHelperTests {
    /// How late a task that sleeps 10 ms at a time wakes, at worst, while `body` runs: a blocked cooperative thread
    /// shows as lateness.
    static func worstLateness(during body: () async -> Void) async -> Duration {
        let done = NIOLockedValueBox(false)
        let ticker = Task {
            var worst = Duration.zero
            while !done.withLockedValue({ $0 }) {
                let before = ContinuousClock.now
                try? await Task.sleep(for: .milliseconds(10))
                worst = max(worst, ContinuousClock.now - before - .milliseconds(10))
            }
            return worst
        }
        await body()
        done.withLockedValue { $0 = true }
        return await ticker.value
    }

    /// Whether process `pid` has ended (gone, or a zombie waiting for its parent).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func childrenThatIgnoreSIGTERMAreKilledWithTheirGroupWithoutHoldingAThread() async {
        await #expect(processExitsWith: .success) {
            // A frozen pool cannot end this process by itself: SIGALRM does.
            alarm(60)
            let directory = TestSupport.temporaryDirectory()
            // Three children (more than the pool has threads), each with a child of its own, all ignoring SIGTERM.
            let children = (0..<3).map { index in
                SpawnedProcess(
                    executable: URL(fileURLWithPath: "/bin/sh"),
                    arguments: ["-c", "trap '' TERM; sleep 600 & echo $! > \(directory.path)/grandchild-\(index); wait"],
                    environment: [:])
            }
            let bystander = SpawnedProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["600"], environment: [:])
            do {
                try bystander.run()
                for child in children { try child.run() }
            } catch {
                exit(3)
            }
            var grandchildren: [pid_t] = []
            for index in 0..<3 {
                let file = directory.appending(path: "grandchild-\(index)")
                for _ in 0..<500 where grandchildren.count == index {
                    if let text = try? String(contentsOf: file, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                        grandchildren.append(pid)
                    } else {
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                }
            }
            guard grandchildren.count == 3 else { exit(4) }
            let started = ContinuousClock.now
            let lateness = await TestHelperTests.worstLateness {
                await withTaskGroup(of: Int32.self) { group in
                    for child in children { group.addTask { await child.stop(grace: .seconds(2)) } }
                    for await status in group where status != SIGKILL { exit(5) }
                }
            }
            let took = ContinuousClock.now - started
            for _ in 0..<200 where !grandchildren.allSatisfy(TestHelperTests.hasEnded) { try? await Task.sleep(for: .milliseconds(10)) }
            guard grandchildren.allSatisfy(TestHelperTests.hasEnded) else { exit(6) }
            guard bystander.isRunning else { exit(7) }
            await bystander.kill()
            // Two seconds of grace, then SIGKILL; the ticker never waited for a thread.
            exit(took < .seconds(10) && lateness < .seconds(1) ? 0 : 8)
        }
    }

    @Test func socketsWaitingForAnAnswerHoldNoThread() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            guard let (listener, port) = try? RawSocket.silentListener() else { exit(3) }
            // Connections the listener keeps in its backlog and never answers: each receive waits its whole timeout.
            var sockets: [RawSocket] = []
            for _ in 0..<8 {
                guard let socket = try? await RawSocket.connect(port: port) else { exit(4) }
                sockets.append(socket)
            }
            let waiting = sockets
            let started = ContinuousClock.now
            let lateness = await TestHelperTests.worstLateness {
                await withTaskGroup(of: Bool.self) { group in
                    for socket in waiting { group.addTask { await socket.receiveUntilClosed(timeout: .seconds(4)).closedByPeer } }
                    for await closed in group where closed { exit(5) }
                }
            }
            let took = ContinuousClock.now - started
            withExtendedLifetime(listener) {}
            exit(took < .seconds(8) && lateness < .seconds(1) ? 0 : 6)
        }
    }
}
