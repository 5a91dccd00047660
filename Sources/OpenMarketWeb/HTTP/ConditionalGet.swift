import Foundation
import Hummingbird

/// `If-None-Match` against a response's entity tag (RFC 9110 §13.1.2).
enum ConditionalGet {
    static func isFresh(_ request: Request, etag: String) -> Bool {
        guard let header = request.headers[.ifNoneMatch] else { return false }
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == etag || trimmed == "W/" + etag
        }
    }
}
