import Hummingbird
import OpenMarketCore

extension MarketAPIController {
    /// A list or detail answer as sent: apps poll the same pages far more often than the market changes, and
    /// reading and writing the JSON was most of an answer's cost.
    enum Answer: Sendable {
        /// Kept answers at most, and their bytes at most: a page may hold up to 1,000 products.
        static let capacity = 1_024
        static let maximumBytes = 8 * 1024 * 1024

        /// The request an answer is for: the URLs in it are absolute on the origin the client reached.
        enum Key: Hashable, Sendable {
            case list(ProductQuery, origin: String)
            case product(Int, origin: String)
        }

        case json(ByteBuffer)
        /// Past the last page.
        case noContent

        var response: Response {
            switch self {
            case .json(let body): WireResponse.json(body)
            case .noContent: Response(status: .noContent)
            }
        }

        var byteCount: Int {
            switch self {
            case .json(let body): body.readableBytes
            case .noContent: 0
            }
        }
    }
}
