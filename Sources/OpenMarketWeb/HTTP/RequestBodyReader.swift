import Hummingbird
import OpenMarketCore

/// Reads a whole request body within a size limit and a deadline.
///
/// Hummingbird has no body deadline of its own: a client trickling bytes would hold the request forever.
enum RequestBodyReader {
    static func collect(_ request: Request, limit: Int, deadline: Duration) async throws(OpenMarketError) -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw .tooLarge("The request body is \(declared) bytes; at most \(limit) bytes are accepted.")
        }
        do {
            return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await request.body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let body = first else {
                    throw OpenMarketError.malformed("The request body did not arrive within \(deadline.components.seconds) seconds.")
                }
                return body
            }
        } catch let error as OpenMarketError {
            throw error
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw .tooLarge("The request body is larger than \(limit) bytes.")
        } catch {
            throw .malformed("The request body could not be read.")
        }
    }
}
