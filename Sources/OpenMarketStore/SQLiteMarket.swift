import Foundation
import GRDB
import Logging
import OpenMarketCore

/// The embedded OpenMarket: `OpenMarketAPI` on a GRDB database.
///
/// Image URLs it returns are relative (`/images/…`); whoever serves them over HTTP makes them absolute.
public final class SQLiteMarket: OpenMarketAPI {
    public struct Configuration: Sendable {
        /// How long a delete path from `archived` stays usable.
        public var deleteTokenLifetime: Duration
        public var imagePathPrefix: String

        public init(deleteTokenLifetime: Duration = .seconds(600), imagePathPrefix: String = "/images/") {
            self.deleteTokenLifetime = deleteTokenLifetime
            self.imagePathPrefix = imagePathPrefix
        }
    }

    /// The database; tests read it to prove that refused requests changed nothing.
    public let database: any DatabaseWriter
    public let hasher: SecretHasher
    let configuration: Configuration
    let logger: Logger

    public init(
        database: any DatabaseWriter, hasher: SecretHasher, configuration: Configuration = .init(),
        logger: Logger = Logger(label: "openmarket.store")
    ) {
        self.database = database
        self.hasher = hasher
        self.configuration = configuration
        self.logger = logger
    }

    public func healthCheck() async throws(OpenMarketError) {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        guard query.page >= 1, MarketLimits.itemsPerPage.contains(query.perPage) else {
            throw .malformed("page_no must be 1 or more and items_per_page \(MarketLimits.itemsPerPage.lowerBound)–\(MarketLimits.itemsPerPage.upperBound).")
        }
        let prefix = configuration.imagePathPrefix
        let request = ListingRequest(query)
        return try await read { db -> ProductPage? in
            let (offset, overflow) = (query.page - 1).multipliedReportingOverflow(by: query.perPage)
            let page = try request.page(db, limit: query.perPage, offset: overflow ? Int.max : offset)
            let lastPage = (page.total + query.perPage - 1) / query.perPage
            // Page 1 of an empty market is an empty page; only pages past the end are "no content".
            if query.page > max(lastPage, 1) { return nil }
            let summaries = try ProductLoader.summaries(db, ids: page.ids, imagePathPrefix: prefix)
            return ProductPage(
                pageNo: query.page, itemsPerPage: query.perPage, totalCount: page.total, products: summaries, totalIsCapped: page.isCapped)
        }
    }

    public func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        let detail = try await read { db in try ProductLoader.detail(db, id: Int64(id), imagePathPrefix: prefix) }
        guard let detail else { throw .notFound("Product \(id) does not exist.") }
        return detail
    }

    /// The bytes of an image by the file name in its URL (`{key}_origin.png`, `{key}_thumb.png`).
    public func image(named fileName: String) async throws(OpenMarketError) -> StoredImage? {
        guard let key = StoredImage.key(fromFileName: fileName) else { return nil }
        return try await read { db in
            try Row.fetchOne(db, sql: "SELECT key, mediaType, bytes FROM productImage WHERE key = ?", arguments: [key])
                .map { StoredImage(key: $0["key"], mediaType: $0["mediaType"], bytes: $0["bytes"]) }
        }
    }

    /// The number of products, kept by triggers so that reading it costs one row.
    static func productTotal(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT total FROM productCounter WHERE id = 1") ?? 0
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(OpenMarketError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw mapped(error)
        }
    }

    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(OpenMarketError) -> T {
        do {
            return try await database.write(body)
        } catch {
            throw mapped(error)
        }
    }

    private func mapped(_ error: any Error) -> OpenMarketError {
        if let error = error as? OpenMarketError { return error }
        logger.error("Market database failure", metadata: ["error": "\(error)"])
        return .storeFailure(String(describing: error))
    }
}

/// An image's bytes as stored, with the type decided from them.
public struct StoredImage: Sendable, Hashable {
    public var key: String
    public var mediaType: String
    public var bytes: Data

    /// The key is the part of the file name before `_origin` or `_thumb`.
    static func key(fromFileName fileName: String) -> String? {
        let stem = fileName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? fileName
        for suffix in ["_origin", "_thumb"] where stem.hasSuffix(suffix) {
            let key = String(stem.dropLast(suffix.count))
            return key.count == 32 && key.allSatisfy(\.isHexDigit) ? key : nil
        }
        return nil
    }
}
