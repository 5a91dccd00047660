import Foundation
import GRDB
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging

extension SQLiteMarket: ImageServing {
    /// Decodes each upload with libvips, turns it upright, converts it to sRGB, drops every piece of metadata
    /// (EXIF with GPS, XMP, ICC) and encodes the display image and its thumbnails. Runs before the write
    /// transaction, so a refused photo leaves the store as it was.
    func processed(_ images: [ImageUpload]) async throws(OpenMarketError) -> [ProcessedImage] {
        guard let processor = imageProcessor else { throw .storeFailure("The image library (libvips) could not be started.") }
        var results: [ProcessedImage] = []
        for (index, image) in images.enumerated() {
            do {
                results.append(try await processor.process(image.data, limits: EmbeddedMarket.imageLimits))
            } catch {
                throw EmbeddedMarket.marketError(error, position: index + 1)
            }
        }
        return results
    }

    /// The display image replaces the upload's bytes; its thumbnails go beside it. Inside a write transaction.
    static func store(_ image: ProcessedImage, imageID: Int64, in db: Database) throws {
        for thumbnail in image.thumbnails {
            guard let format = thumbnail.format == .webp ? StoredImage.ThumbnailFormat.webp : thumbnail.format == .jpeg ? .jpg : nil else { continue }
            try db.execute(
                sql: "INSERT OR REPLACE INTO productImageVariant (imageId, format, width, height, bytes) VALUES (?, ?, ?, ?, ?)",
                arguments: [imageID, format.rawValue, thumbnail.width, thumbnail.height, thumbnail.data])
        }
    }

    /// The bytes of an image by the file name in its URL. The extension of `_origin` and `_thumb` must be the
    /// one the image was given when stored: `{key}_origin.html` names nothing. A photo stored before
    /// processing existed is processed on its first request (stripped, variants made) and never again.
    public func image(named fileName: String) async throws(OpenMarketError) -> StoredImage? {
        guard let name = StoredImage.Name(fileName) else { return nil }
        guard var row = try await imageRow(key: name.key) else { return nil }
        if row.processedAt == nil {
            guard let processedRow = try await processLegacy(row) else { return nil }
            row = processedRow
        }
        switch name.variant {
        case .origin:
            guard name.fileExtension == row.fileExtension else { return nil }
            return StoredImage(tag: "\(row.key)-origin", mediaType: row.mediaType, bytes: try await displayBytes(row.id))
        case .thumb:
            guard name.fileExtension == row.fileExtension else { return nil }
            return try await variant(of: row, format: .jpg, atMost: StoredImage.thumbWidth)
        case .width(let width, let format):
            return try await variant(of: row, format: format, atMost: width)
        }
    }

    /// One read by the unique index on `key`.
    public func storedImageKeys(_ keys: Set<String>) async throws(OpenMarketError) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        let list = Array(keys)
        return try await read { db in
            let marks = databaseQuestionMarks(count: list.count)
            return Set(try String.fetchAll(db.cachedStatement(sql: "SELECT key FROM productImage WHERE key IN (\(marks))"), arguments: StatementArguments(each: list)))
        }
    }

    /// The widest stored thumbnail no wider than `width`; a photo too small for any thumbnail serves its display image.
    private func variant(of row: ImageRow, format: StoredImage.ThumbnailFormat, atMost width: Int) async throws(OpenMarketError) -> StoredImage {
        let id = row.id
        let found = try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT width, bytes FROM productImageVariant WHERE imageId = ? AND format = ? AND width <= ? ORDER BY width DESC LIMIT 1"),
                arguments: [id, format.rawValue, width]
            ).map { (width: $0["width"] as Int, bytes: $0["bytes"] as Data) }
        }
        if let found {
            return StoredImage(tag: "\(row.key)-\(format.rawValue)-\(found.width)", mediaType: format.mediaType, bytes: found.bytes)
        }
        return StoredImage(tag: "\(row.key)-origin", mediaType: row.mediaType, bytes: try await displayBytes(row.id))
    }

    private struct ImageRow: Sendable {
        var id: Int64
        var key: String
        var fileExtension: String
        var mediaType: String
        var processedAt: Date?
    }

    private func imageRow(key: String) async throws(OpenMarketError) -> ImageRow? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, key, fileExtension, mediaType, processedAt FROM productImage WHERE key = ?"), arguments: [key]
            ).map { ImageRow(id: $0["id"], key: $0["key"], fileExtension: $0["fileExtension"], mediaType: $0["mediaType"], processedAt: $0["processedAt"]) }
        }
    }

    private func displayBytes(_ id: Int64) async throws(OpenMarketError) -> Data {
        try await read { db in try Data.fetchOne(db.cachedStatement(sql: "SELECT bytes FROM productImage WHERE id = ?"), arguments: [id]) ?? Data() }
    }

    /// Processes a photo stored before processing existed; `nil` (never served) when it cannot be decoded, so
    /// its metadata cannot leak. The URL keeps its extension: apps may hold it.
    private func processLegacy(_ row: ImageRow) async throws(OpenMarketError) -> ImageRow? {
        let bytes = try await displayBytes(row.id)
        let image: ProcessedImage
        do {
            guard let processor = imageProcessor else { return nil }
            image = try await processor.process(bytes, limits: EmbeddedMarket.imageLimits)
        } catch {
            logger.warning("A stored photo could not be processed and is not served", metadata: ["key": "\(row.key)", "code": "\(error.code)"])
            return nil
        }
        let now = Date()
        let display = image.display
        do {
            // Not counted as a market write: no page or listing changes, so read caches stay valid.
            try await database.write { db in
                try db.execute(
                    sql: "UPDATE productImage SET bytes = ?, mediaType = ?, processedAt = ? WHERE id = ? AND processedAt IS NULL",
                    arguments: [display.data, display.format.mediaType, now, row.id])
                try Self.store(image, imageID: row.id, in: db)
            }
        } catch {
            throw mapped(error)
        }
        var processed = row
        processed.processedAt = now
        processed.mediaType = display.format.mediaType
        return processed
    }
}
