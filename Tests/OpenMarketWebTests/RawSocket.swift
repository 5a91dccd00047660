import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP socket on loopback, for what an HTTP client library will not do: stall mid-request,
/// or listen and never answer.
///
/// Non-blocking: connecting, sending and receiving wait between cancellable sleeps, each up to a deadline, and never
/// hold a thread. Swift's cooperative pool has one thread per core (two here), which the servers under test need
/// for their own tasks; a socket call blocked there would hold up every test in the process.
final class RawSocket: @unchecked Sendable {
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    struct TimedOut: Error {}

    private static func make() -> RawSocket {
        RawSocket(descriptor: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0))
    }

    /// A connection to `port` on 127.0.0.1; throws when it is refused or not made within `timeout`.
    static func connect(port: Int, timeout: Duration = .seconds(10)) async throws -> RawSocket {
        let socket = make()
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result == 0 { return socket }
        guard errno == EINPROGRESS else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
        guard await socket.wait(for: Int16(POLLOUT), until: .now + timeout) else { throw TimedOut() }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket.descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .ECONNREFUSED) }
        return socket
    }

    /// A socket that accepts connections into its backlog but never reads or answers.
    static func silentListener() throws -> (RawSocket, port: Int) {
        let socket = make()
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(socket.descriptor, pointer, length) == 0 && listen(socket.descriptor, 8) == 0
                    && getsockname(socket.descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// For a listener: how many connections are waiting in its backlog (each one is accepted and closed).
    func acceptWaiting() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    /// Sends every byte, or throws when the peer has closed or has not taken them within `timeout`.
    func send(bytes: [UInt8], timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBufferPointer { buffer in
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent == -1, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                guard await wait(for: Int16(POLLOUT), until: deadline) else { throw TimedOut() }
            } else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPIPE)
            }
        }
    }

    func send(_ text: String, timeout: Duration = .seconds(30)) async throws {
        try await send(bytes: Array(text.utf8), timeout: timeout)
    }

    /// Everything received until the peer closes the connection or `timeout` passes (or the task is cancelled).
    func receiveUntilClosed(timeout: Duration) async -> (text: String, closedByPeer: Bool) {
        var received = [UInt8]()
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == -1, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                guard await wait(for: Int16(POLLIN), until: deadline) else { return (String(decoding: received, as: UTF8.self), false) }
            } else {
                // 0: closed by the peer; any other error (a reset) ends the connection too.
                return (String(decoding: received, as: UTF8.self), true)
            }
        }
    }

    /// What arrives until `isComplete` says the bytes are enough, the peer closes, or `timeout` passes (or the task
    /// is cancelled).
    func receive(timeout: Duration, until isComplete: ([UInt8]) -> Bool) async -> [UInt8] {
        var received = [UInt8]()
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 16384)
        while !isComplete(received) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == -1, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                guard await wait(for: Int16(POLLIN), until: deadline) else { return received }
            } else {
                return received
            }
        }
        return received
    }

    /// Whether the socket became ready for `events` before `deadline`: `poll` with no timeout, between sleeps that
    /// grow from 1 to 20 ms; `false` at once when the task is cancelled.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) async -> Bool {
        var pause = Duration.milliseconds(1)
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            if poll(&entry, 1, 0) > 0 { return true }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
