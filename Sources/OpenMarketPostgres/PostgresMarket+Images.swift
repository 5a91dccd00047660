import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import PostgresNIO

extension PostgresMarket: ImageStreaming {
    /// Decodes each upload with libvips, turns it upright, drops its metadata and encodes the display image and
    /// its thumbnails, as the embedded market does. Runs before the write transaction, so a refused photo leaves the
    /// store as it was.
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

    /// Inserts processed photos in order, inside the caller's transaction: the metadata row, the display image's
    /// bytes and each thumbnail's. Their ids, in order.
    static func insertImages(_ connection: PostgresConnection, _ images: [ProcessedImage], productID: Int64, logger: Logger) async throws -> [Int64] {
        var ids: [Int64] = []
        for (position, image) in images.enumerated() {
            ids.append(try await insertImage(connection, image, productID: productID, position: position, logger: logger))
        }
        return ids
    }

    static func insertImage(
        _ connection: PostgresConnection, _ image: ProcessedImage, productID: Int64, position: Int, logger: Logger
    ) async throws -> Int64 {
        let display = image.display
        let rows = try await connection.query(
            """
            INSERT INTO product_image (product_id, position, key, file_extension, media_type, created_at)
            VALUES (\(productID), \(position), \(EmbeddedMarket.newImageKey()), \(display.format.fileExtension), \(display.format.mediaType), now())
            RETURNING id
            """, logger: logger)
        var inserted: Int64?
        for try await id in rows.decode(Int64.self) { inserted = id }
        guard let imageID = inserted else { throw OpenMarketError.storeFailure("The image row got no id.") }
        try await connection.query("INSERT INTO product_image_display (image_id, bytes) VALUES (\(imageID), \(display.data))", logger: logger)
        for thumbnail in image.thumbnails {
            guard let format = StoredImage.ThumbnailFormat(thumbnail.format) else { continue }
            try await connection.query(
                """
                INSERT INTO product_image_variant (image_id, format, width, height, bytes)
                VALUES (\(imageID), \(format.rawValue), \(thumbnail.width), \(thumbnail.height), \(thumbnail.data))
                ON CONFLICT (image_id, format, width) DO UPDATE SET height = excluded.height, bytes = excluded.bytes
                """, logger: logger)
        }
        return imageID
    }

    /// One query by the unique index on `key`.
    public func storedImageKeys(_ keys: Set<String>) async throws(OpenMarketError) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        let list = Array(keys)
        let logger = self.logger
        return try await withConnection(.connection) { connection -> Set<String> in
            let rows = try await connection.query("SELECT key FROM product_image WHERE key = ANY(\(list))", logger: logger)
            var found = Set<String>()
            for try await key in rows.decode(String.self) { found.insert(key) }
            return found
        }
    }

    /// The bytes of an image by the file name in its URL, as the embedded market serves them: `{key}_origin.{ext}`
    /// is the display image, `{key}_thumb.{ext}` the 400 px JPEG thumbnail, `{key}_w{width}.{jpg|webp}` the widest
    /// thumbnail of that format no wider than `width` (the display image when the photo is too small for any).
    /// The extension of `_origin` and `_thumb` must be the one the image was given.
    public func image(named fileName: String) async throws(OpenMarketError) -> StoredImage? {
        let logger = self.logger
        return try await withConnection(.connection) { connection -> StoredImage? in
            guard let found = try await Self.locate(fileName, connection, logger: logger) else { return nil }
            let rows = try await connection.query(found.source.bytes, logger: logger)
            var bytes = Data()
            for try await data in rows.decode(Data.self) { bytes = data }
            return StoredImage(tag: found.tag, mediaType: found.mediaType, bytes: bytes)
        }
    }

    /// How many bytes of a photo one read takes: each slice is one statement on a connection leased for it alone.
    public static let imageSliceBytes = 64 * 1024

    /// The same photo as `image(named:)`, found by one read of its row and its length (the bytes are stored
    /// uncompressed out of line, `STORAGE EXTERNAL`, so neither the length nor a `substring` of them reads more of
    /// them than it needs); its bytes are read slice by slice as they are sent.
    public func streamedImage(named fileName: String) async throws(OpenMarketError) -> StreamedImage? {
        let logger = self.logger
        let found = try await withConnection(.statement) { connection in try await Self.locate(fileName, connection, logger: logger) }
        guard let found else { return nil }
        return StreamedImage(tag: found.tag, mediaType: found.mediaType, length: found.length, sliceBytes: Self.imageSliceBytes) { offset, count in
            try await self.withConnection(.statement) { connection in
                var slice = Data()
                for try await data in try await connection.query(found.source.slice(offset: offset, count: count), logger: logger).decode(Data.self) {
                    slice = data
                }
                return slice
            }
        }
    }

    /// Where a photo's bytes are: the display image's row, or one thumbnail's.
    private enum ImageSource: Sendable {
        case display(imageID: Int64)
        case variant(imageID: Int64, format: String, width: Int)

        var bytes: PostgresQuery {
            switch self {
            case .display(let id): "SELECT bytes FROM product_image_display WHERE image_id = \(id)"
            case .variant(let id, let format, let width):
                "SELECT bytes FROM product_image_variant WHERE image_id = \(id) AND format = \(format) AND width = \(width)"
            }
        }

        /// `count` bytes from `offset` (0-based; SQL counts from 1).
        func slice(offset: Int, count: Int) -> PostgresQuery {
            // `substring` takes `integer`s; a photo is at most 300 KB.
            let (from, length) = (Int32(clamping: offset + 1), Int32(clamping: count))
            return switch self {
            case .display(let id): "SELECT substring(bytes FROM \(from) FOR \(length)) FROM product_image_display WHERE image_id = \(id)"
            case .variant(let id, let format, let width):
                """
                SELECT substring(bytes FROM \(from) FOR \(length)) FROM product_image_variant
                WHERE image_id = \(id) AND format = \(format) AND width = \(width)
                """
            }
        }
    }

    private struct LocatedImage: Sendable {
        var source: ImageSource
        var tag: String
        var mediaType: String
        var length: Int
    }

    /// The file a name stands for, with its length, without reading its bytes.
    private static func locate(_ fileName: String, _ connection: PostgresConnection, logger: Logger) async throws -> LocatedImage? {
        guard let name = StoredImage.Name(fileName) else { return nil }
        let rows = try await connection.query(
            "SELECT id, file_extension, media_type FROM product_image WHERE key = \(name.key)", logger: logger)
        var found: (Int64, String, String)?
        for try await row in rows.decode((Int64, String, String).self) { found = row }
        guard let (id, fileExtension, mediaType) = found else { return nil }
        let format: StoredImage.ThumbnailFormat
        let width: Int
        switch name.variant {
        case .origin:
            guard name.fileExtension == fileExtension else { return nil }
            return try await display(connection, id: id, key: name.key, mediaType: mediaType, logger: logger)
        case .thumb:
            guard name.fileExtension == fileExtension else { return nil }
            (format, width) = (.jpg, StoredImage.thumbWidth)
        case .width(let requested, let requestedFormat):
            (format, width) = (requestedFormat, requested)
        }
        let variants = try await connection.query(
            """
            SELECT width, octet_length(bytes) FROM product_image_variant WHERE image_id = \(id) AND format = \(format.rawValue) AND width <= \(width)
            ORDER BY width DESC LIMIT 1
            """, logger: logger)
        for try await (width, length) in variants.decode((Int, Int).self) {
            return LocatedImage(
                source: .variant(imageID: id, format: format.rawValue, width: width), tag: "\(name.key)-\(format.rawValue)-\(width)",
                mediaType: format.mediaType, length: length)
        }
        return try await display(connection, id: id, key: name.key, mediaType: mediaType, logger: logger)
    }

    private static func display(
        _ connection: PostgresConnection, id: Int64, key: String, mediaType: String, logger: Logger
    ) async throws -> LocatedImage {
        let rows = try await connection.query("SELECT octet_length(bytes) FROM product_image_display WHERE image_id = \(id)", logger: logger)
        var length = 0
        for try await value in rows.decode(Int.self) { length = value }
        return LocatedImage(source: .display(imageID: id), tag: "\(key)-origin", mediaType: mediaType, length: length)
    }
}

extension StoredImage.ThumbnailFormat {
    /// The stored format of a thumbnail encoding; `nil` for encodings thumbnails are not kept in.
    init?(_ format: ImageFormat) {
        switch format {
        case .webp: self = .webp
        case .jpeg: self = .jpg
        default: return nil
        }
    }
}
