import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
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
    private let writes = NIOLockedValueBox<UInt64>(0)
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

    /// The bytes of an image by the file name in its URL (`{key}_origin.png`, `{key}_thumb.png`). The extension
    /// must be the one we gave it from its bytes: `{key}_origin.html` names nothing.
    public func image(named fileName: String) async throws(OpenMarketError) -> StoredImage? {
        guard let name = StoredImage.Name(fileName) else { return nil }
        let image = try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT key, fileExtension, mediaType, bytes FROM productImage WHERE key = ?"), arguments: [name.key])
                .map { (extension: $0["fileExtension"] as String, image: StoredImage(key: $0["key"], mediaType: $0["mediaType"], bytes: $0["bytes"])) }
        }
        guard let image, image.extension == name.fileExtension else { return nil }
        return image.image
    }

    /// The number of products, kept by triggers so that reading it costs one row.
    static func productTotal(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT total FROM productCounter WHERE id = 1")) ?? 0
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
            let result = try await database.write(body)
            // After the commit: a read that began before it sees an older version and is not kept by caches.
            writes.withLockedValue { $0 &+= 1 }
            return result
        } catch {
            throw mapped(error)
        }
    }

    /// Counts the writes this market committed. Caches of its reads keep an answer only while this has not
    /// moved since the read began (see `CachedMarket` in the web layer); writers outside this process are not
    /// seen, which is why one process writes the file.
    public var writeVersion: UInt64 { writes.withLockedValue { $0 } }

    private func mapped(_ error: any Error) -> OpenMarketError {
        if let error = error as? OpenMarketError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            logger.error("Market database is full", metadata: ["error": "\(error)"])
            return .storageFull
        }
        logger.error("Market database failure", metadata: ["error": "\(error)"])
        return .storeFailure(String(describing: error))
    }
}

/// An image's bytes as stored, with the type decided from them.
public struct StoredImage: Sendable, Hashable {
    public var key: String
    public var mediaType: String
    public var bytes: Data

    /// A photo's file name in its URL: `{32 hex}_origin.{ext}` or `{32 hex}_thumb.{ext}`.
    struct Name {
        var key: String
        var fileExtension: String

        init?(_ fileName: String) {
            let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            let stem = parts[0]
            fileExtension = parts.count == 2 ? String(parts[1]) : ""
            for suffix in ["_origin", "_thumb"] where stem.hasSuffix(suffix) {
                let key = String(stem.dropLast(suffix.count))
                guard key.count == 32, key.allSatisfy(\.isHexDigit) else { return nil }
                self.key = key
                return
            }
            return nil
        }
    }
}
