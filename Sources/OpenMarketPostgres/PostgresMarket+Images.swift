import Foundation
import Logging
import OpenMarketCore
import OpenMarketImaging
import OpenMarketStore
import PostgresNIO

extension PostgresMarket: ImageServing {
    /// Decodes each upload with libvips, turns it upright, drops its metadata and encodes the display image and
    /// its thumbnails, as the embedded market does. Runs before the write transaction, so a refused photo leaves the
    /// store as it was.
    func processed(_ images: [ImageUpload]) async throws(OpenMarketError) -> [ProcessedImage] {
        guard let processor = imageProcessor else { throw .storeFailure("The image library (libvips) could not be started.") }
        var results: [ProcessedImage] = []
        for (index, image) in images.enumerated() {
            do {
                results.append(try await processor.process(image.data, limits: SQLiteMarket.imageLimits))
            } catch {
                throw SQLiteMarket.marketError(error, position: index + 1)
            }
        }
        return results
    }

    /// Inserts processed photos in order, inside the caller's transaction: the metadata row, the display image's
    /// bytes and each thumbnail's. Their ids, in order.
    static func insertImages(_ connection: PostgresConnection, _ images: [ProcessedImage], productID: Int64, logger: Logger) async throws -> [Int64] {
        var ids: [Int64] = []
        for (position, image) in images.enumerated() {
            let display = image.display
            let rows = try await connection.query(
                """
                INSERT INTO product_image (product_id, position, key, file_extension, media_type, created_at)
                VALUES (\(productID), \(position), \(SQLiteMarket.newImageKey()), \(display.format.fileExtension), \(display.format.mediaType), now())
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
            ids.append(imageID)
        }
        return ids
    }

    /// The bytes of an image by the file name in its URL, as the embedded market serves them: `{key}_origin.{ext}`
    /// is the display image, `{key}_thumb.{ext}` the 400 px JPEG thumbnail, `{key}_w{width}.{jpg|webp}` the widest
    /// thumbnail of that format no wider than `width` (the display image when the photo is too small for any).
    /// The extension of `_origin` and `_thumb` must be the one the image was given.
    public func image(named fileName: String) async throws(OpenMarketError) -> StoredImage? {
        guard let name = StoredImage.Name(fileName) else { return nil }
        let logger = self.logger
        return try await withConnection { connection -> StoredImage? in
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
                return try await Self.display(connection, id: id, key: name.key, mediaType: mediaType, logger: logger)
            case .thumb:
                guard name.fileExtension == fileExtension else { return nil }
                (format, width) = (.jpg, StoredImage.thumbWidth)
            case .width(let requested, let requestedFormat):
                (format, width) = (requestedFormat, requested)
            }
            let variants = try await connection.query(
                """
                SELECT width, bytes FROM product_image_variant WHERE image_id = \(id) AND format = \(format.rawValue) AND width <= \(width)
                ORDER BY width DESC LIMIT 1
                """, logger: logger)
            for try await (width, bytes) in variants.decode((Int, Data).self) {
                return StoredImage(tag: "\(name.key)-\(format.rawValue)-\(width)", mediaType: format.mediaType, bytes: bytes)
            }
            return try await Self.display(connection, id: id, key: name.key, mediaType: mediaType, logger: logger)
        }
    }

    private static func display(
        _ connection: PostgresConnection, id: Int64, key: String, mediaType: String, logger: Logger
    ) async throws -> StoredImage {
        let rows = try await connection.query("SELECT bytes FROM product_image_display WHERE image_id = \(id)", logger: logger)
        var bytes = Data()
        for try await data in rows.decode(Data.self) { bytes = data }
        return StoredImage(tag: "\(key)-origin", mediaType: mediaType, bytes: bytes)
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
