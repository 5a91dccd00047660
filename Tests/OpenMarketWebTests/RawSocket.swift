import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP socket on loopback, for what an HTTP client library will not do: stall mid-request,
/// or listen and never answer.
final class RawSocket: @unchecked Sendable {
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    static func connect(port: Int) throws -> RawSocket {
        let socket = RawSocket(descriptor: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        return socket
    }

    /// A socket that accepts connections into its backlog but never reads or answers.
    static func silentListener() throws -> (RawSocket, port: Int) {
        let socket = RawSocket(descriptor: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
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
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBufferPointer { buffer in
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in
            Glibc.send(descriptor, buffer.baseAddress, buffer.count - 1, Int32(MSG_NOSIGNAL))
        }
    }

    /// Everything received until the peer closes the connection or `timeout` passes. The wait blocks a thread, so
    /// it runs on one of Dispatch's rather than on the few threads the server under test needs for its own tasks.
    func receiveUntilClosed(timeout: Duration) async -> (text: String, closedByPeer: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.blockingReceive(timeout: timeout))
            }
        }
    }

    private func blockingReceive(timeout: Duration) -> (text: String, closedByPeer: Bool) {
        var received = [UInt8]()
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptorSet, 1, 100) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
