import Foundation
import GRDB
import OpenMarketCore

/// Turns stored rows into the API's product shapes: a fixed number of queries per page, never one per product.
enum ProductLoader {
    /// Rows are read by column position, not through `Codable`, and through cursors (one reused row, each value
    /// read straight from the statement) rather than copied rows: a list page costs little either way, but the
    /// export turns a million rows into summaries and copying and decoding rows was most of its time.
    static func summaries(_ db: Database, ids: [Int64], imagePathPrefix: String) throws -> [ProductSummary] {
        guard !ids.isEmpty else { return [] }
        let placeholders = databaseQuestionMarks(count: ids.count)
        let arguments = StatementArguments(ids)
        // Cached statements: a page has the same number of ids every time, so the SQL repeats and is compiled once.
        let productRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT product.id, product.vendorId, vendor.name, product.name, product.description, product.currency,
                product.priceMinor, product.discountMinor, product.stock, product.createdAt, product.thumbnailImageId
            FROM product JOIN vendor ON vendor.id = product.vendorId WHERE product.id IN (\(placeholders))
            """), arguments: arguments)
        var products: [StoredSummary] = []
        products.reserveCapacity(ids.count)
        while let row = try productRows.next() {
            products.append(StoredSummary(
                id: row[0], vendorID: row[1], vendorName: row[2], name: row[3], description: row[4], currency: row[5],
                priceMinor: row[6], discountMinor: row[7], stock: row[8], createdAt: row[9], thumbnailImageID: row[10]))
        }
        // Each product's chosen thumbnail, or its first image: rows come in (productId, position) order.
        var thumbnails: [Int64: (id: Int64, key: String, fileExtension: String)] = [:]
        thumbnails.reserveCapacity(products.count)
        var chosen: [Int64: Int64] = [:]
        for product in products {
            if let thumbnail = product.thumbnailImageID { chosen[product.id] = thumbnail }
        }
        let images = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT productId, id, key, fileExtension FROM productImage WHERE productId IN (\(placeholders)) ORDER BY productId, position
            """), arguments: arguments)
        while let image = try images.next() {
            let productID: Int64 = image[0]
            let id: Int64 = image[1]
            if thumbnails[productID] == nil || chosen[productID] == id {
                thumbnails[productID] = (id, image[2], image[3])
            }
        }
        var byID: [Int64: ProductSummary] = [:]
        byID.reserveCapacity(products.count)
        for product in products {
            guard let currency = Currency(rawValue: product.currency) else { continue }
            let thumbnail = thumbnails[product.id].map {
                ImageURL(prefix: imagePathPrefix, key: $0.key, fileExtension: $0.fileExtension).thumbnail
            }
            byID[product.id] = ProductSummary(
                id: Int(product.id), vendorID: Int(product.vendorID), vendorName: product.vendorName, name: product.name,
                description: product.description, thumbnailURL: thumbnail ?? "", currency: currency,
                price: MinorUnits.decimal(product.priceMinor, currency: currency),
                discountedPrice: MinorUnits.decimal(product.discountMinor, currency: currency), stock: product.stock,
                createdAt: product.createdAt, issuedAt: product.createdAt)
        }
        return ids.compactMap { byID[$0] }
    }

    /// One product row of `summaries`, decoded.
    private struct StoredSummary {
        var id: Int64
        var vendorID: Int64
        var vendorName: String
        var name: String
        var description: String
        var currency: String
        var priceMinor: Int64
        var discountMinor: Int64
        var stock: Int
        var createdAt: Date
        var thumbnailImageID: Int64?
    }

    static func detail(_ db: Database, id: Int64, imagePathPrefix: String) throws -> ProductDetail? {
        guard let record = try ProductRecord.fetchOne(db, key: id), let currency = Currency(rawValue: record.currency) else {
            return nil
        }
        let vendor = try VendorRecord.fetchOne(db, key: record.vendorId)
        let images = try ProductImageRecord.select(ProductImageRecord.metadataColumns)
            .filter(ProductImageRecord.Columns.productId == id).order(ProductImageRecord.Columns.position)
            .asRequest(of: ProductImageInfo.self).fetchAll(db)
        let thumbnail = images.first { $0.id == record.thumbnailImageId } ?? images.first
        return ProductDetail(
            id: Int(id), vendorID: Int(record.vendorId), name: record.name, description: record.description,
            thumbnailURL: thumbnail.map { ImageURL(prefix: imagePathPrefix, info: $0).thumbnail } ?? "",
            currency: currency, price: MinorUnits.decimal(record.priceMinor, currency: currency),
            discountedPrice: MinorUnits.decimal(record.discountMinor, currency: currency), stock: record.stock,
            createdAt: record.createdAt, issuedAt: record.createdAt,
            images: images.map { info in
                let url = ImageURL(prefix: imagePathPrefix, info: info)
                return ProductDetail.Image(id: Int(info.id), url: url.origin, thumbnailURL: url.thumbnail, issuedAt: info.createdAt)
            },
            vendor: ProductDetail.Vendor(id: Int(record.vendorId), name: vendor?.name ?? "", createdAt: vendor?.createdAt)
        )
    }
}

/// Where an image is served: the same bytes under an origin and a thumbnail name, as the API has both URLs.
package struct ImageURL {
    package let origin: String
    package let thumbnail: String

    init(prefix: String, info: ProductImageInfo) {
        self.init(prefix: prefix, key: info.key, fileExtension: info.fileExtension)
    }

    package init(prefix: String, key: String, fileExtension: String) {
        let ext = fileExtension.isEmpty ? "" : "." + fileExtension
        origin = "\(prefix)\(key)_origin\(ext)"
        thumbnail = "\(prefix)\(key)_thumb\(ext)"
    }
}
