import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

/// Turns rows into the API's product shapes: two queries per page or per product, never one per product, and never
/// a photo's bytes (they are in tables of their own).
enum PostgresProductLoader {
    private typealias ImageRow = (productID: Int64, id: Int64, key: String, fileExtension: String, createdAt: Date)

    static func summaries(
        _ connection: PostgresConnection, ids: [Int64], imagePathPrefix: String, logger: Logger
    ) async throws -> [ProductSummary] {
        guard !ids.isEmpty else { return [] }
        let rows = try await connection.query(
            """
            SELECT product.id, product.vendor_id, vendor.name, product.name, product.description, product.currency,
                product.price_minor, product.discount_minor, product.stock, product.created_at, product.thumbnail_image_id
            FROM product JOIN vendor ON vendor.id = product.vendor_id WHERE product.id = ANY(\(ids))
            """, logger: logger
        ).decode((Int64, Int64, String, String, String, String, Int64, Int64, Int, Date, Int64?).self)
        var products: [(Int64, Int64, String, String, String, String, Int64, Int64, Int, Date, Int64?)] = []
        for try await row in rows { products.append(row) }
        let images = try await self.images(connection, productIDs: ids, logger: logger)
        // Each product's chosen thumbnail, or its first image: images come in (product, position) order.
        let chosen = Dictionary(products.compactMap { row in row.10.map { (row.0, $0) } }, uniquingKeysWith: { first, _ in first })
        var thumbnails: [Int64: ImageRow] = [:]
        for image in images where thumbnails[image.productID] == nil || chosen[image.productID] == image.id {
            thumbnails[image.productID] = image
        }
        var byID: [Int64: ProductSummary] = [:]
        for row in products {
            guard let currency = Currency(rawValue: row.5) else { continue }
            let thumbnail = thumbnails[row.0].map { ImageURL.thumbnail(prefix: imagePathPrefix, key: $0.key, fileExtension: $0.fileExtension) }
            byID[row.0] = ProductSummary(
                id: Int(row.0), vendorID: Int(row.1), vendorName: row.2, name: row.3, description: row.4,
                thumbnailURL: thumbnail ?? "", currency: currency, price: MinorUnits.decimal(row.6, currency: currency),
                discountedPrice: MinorUnits.decimal(row.7, currency: currency), stock: row.8, createdAt: row.9, issuedAt: row.9)
        }
        return ids.compactMap { byID[$0] }
    }

    static func detail(_ connection: PostgresConnection, id: Int64, imagePathPrefix: String, logger: Logger) async throws -> ProductDetail? {
        let rows = try await connection.query(
            """
            SELECT product.vendor_id, product.name, product.description, product.currency, product.price_minor,
                product.discount_minor, product.stock, product.created_at, product.thumbnail_image_id, vendor.name, vendor.created_at
            FROM product JOIN vendor ON vendor.id = product.vendor_id WHERE product.id = \(id)
            """, logger: logger
        ).decode((Int64, String, String, String, Int64, Int64, Int, Date, Int64?, String, Date).self)
        var found: (Int64, String, String, String, Int64, Int64, Int, Date, Int64?, String, Date)?
        for try await row in rows { found = row }
        guard let row = found, let currency = Currency(rawValue: row.3) else { return nil }
        let images = try await self.images(connection, productIDs: [id], logger: logger)
        let thumbnail = images.first { $0.id == row.8 } ?? images.first
        return ProductDetail(
            id: Int(id), vendorID: Int(row.0), name: row.1, description: row.2,
            thumbnailURL: thumbnail.map { ImageURL.thumbnail(prefix: imagePathPrefix, key: $0.key, fileExtension: $0.fileExtension) } ?? "",
            currency: currency, price: MinorUnits.decimal(row.4, currency: currency),
            discountedPrice: MinorUnits.decimal(row.5, currency: currency), stock: row.6, createdAt: row.7, issuedAt: row.7,
            images: images.map { image in
                let url = ImageURL(prefix: imagePathPrefix, key: image.key, fileExtension: image.fileExtension)
                return ProductDetail.Image(id: Int(image.id), url: url.origin, thumbnailURL: url.thumbnail, issuedAt: image.createdAt)
            },
            vendor: ProductDetail.Vendor(id: Int(row.0), name: row.9, createdAt: row.10))
    }

    /// The photos' metadata of the products, in (product, position) order, from the (product_id, position) index.
    private static func images(_ connection: PostgresConnection, productIDs: [Int64], logger: Logger) async throws -> [ImageRow] {
        let rows = try await connection.query(
            """
            SELECT product_id, id, key, file_extension, created_at FROM product_image
            WHERE product_id = ANY(\(productIDs)) ORDER BY product_id, position
            """, logger: logger
        ).decode((Int64, Int64, String, String, Date).self)
        var images: [ImageRow] = []
        for try await row in rows { images.append((row.0, row.1, row.2, row.3, row.4)) }
        return images
    }
}
