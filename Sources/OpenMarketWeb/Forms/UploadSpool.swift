#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Hummingbird
import NIOCore
import OpenMarketCore

/// Writes a request body to a file as it arrives, within a size limit and a deadline, so a form with five
/// phone photos (up to 100 MB) never sits in memory.
enum UploadSpool {
    /// The file holding the whole body; the caller removes it. A refused body leaves no file behind.
    static func write(_ request: Request, directory: URL, limit: Int, deadline: Duration) async throws(OpenMarketError) -> URL {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw .tooLarge("The request body is \(declared) bytes; at most \(limit) bytes are accepted.")
        }
        let file = directory.appending(path: "upload-\(UUID().uuidString)")
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(errno, writing: file) }
        do {
            let written = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    var total = 0
                    for try await chunk in request.body {
                        total += chunk.readableBytes
                        guard total <= limit else { throw OpenMarketError.tooLarge("The request body is larger than \(limit) bytes.") }
                        try Self.writeAll(chunk, to: descriptor, file: file)
                    }
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return false
                }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            guard written else {
                throw OpenMarketError.malformed("The request body did not arrive within \(deadline.components.seconds) seconds.")
            }
            close(descriptor)
            return file
        } catch {
            close(descriptor)
            unlink(file.path)
            if let error = error as? OpenMarketError { throw error }
            throw .malformed("The request body could not be read.")
        }
    }

    private static func writeAll(_ chunk: ByteBuffer, to descriptor: Int32, file: URL) throws(OpenMarketError) {
        let failure = chunk.withUnsafeReadableBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let result = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += result
            }
            return nil
        }
        if let failure { throw Self.failure(failure, writing: file) }
    }

    private static func failure(_ code: Int32, writing file: URL) -> OpenMarketError {
        code == ENOSPC || code == EDQUOT ? .storageFull : .storeFailure("Could not write \(file.lastPathComponent): \(String(cString: strerror(code)))")
    }
}
