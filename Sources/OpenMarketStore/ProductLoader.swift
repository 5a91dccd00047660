import Foundation
import GRDB
import OpenMarketCore

/// Turns stored rows into the API's product shapes: a fixed number of queries per page, never one per product.
enum ProductLoader {
    /// Rows are read by column position, not through `Codable`: a list page costs little either way, but the
    /// export turns a million rows into summaries and decoding was most of its time.
    static func summaries(_ db: Database, ids: [Int64], imagePathPrefix: String) throws -> [ProductSummary] {
        guard !ids.isEmpty else { return [] }
        let placeholders = databaseQuestionMarks(count: ids.count)
        let arguments = StatementArguments(ids)
        // Cached statements: a page has the same number of ids every time, so the SQL repeats and is compiled once.
        let products = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT product.id, product.vendorId, vendor.name, product.name, product.description, product.currency,
                product.priceMinor, product.discountMinor, product.stock, product.createdAt, product.thumbnailImageId
            FROM product JOIN vendor ON vendor.id = product.vendorId WHERE product.id IN (\(placeholders))
            """), arguments: arguments)
        // Each product's chosen thumbnail, or its first image: rows come in (productId, position) order.
        var thumbnails: [Int64: (id: Int64, key: String, fileExtension: String)] = [:]
        var chosen: [Int64: Int64] = [:]
        for row in products {
            if let thumbnail = row[10] as Int64? { chosen[row[0]] = thumbnail }
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
        for row in products {
            guard let currency = Currency(rawValue: row[5]) else { continue }
            let id: Int64 = row[0]
            let createdAt: Date = row[9]
            let thumbnail = thumbnails[id].map { ImageURL(prefix: imagePathPrefix, key: $0.key, fileExtension: $0.fileExtension).thumbnail }
            byID[id] = ProductSummary(
                id: Int(id), vendorID: Int(row[1] as Int64), vendorName: row[2], name: row[3], description: row[4],
                thumbnailURL: thumbnail ?? "", currency: currency, price: MinorUnits.decimal(row[6], currency: currency),
                discountedPrice: MinorUnits.decimal(row[7], currency: currency), stock: row[8], createdAt: createdAt, issuedAt: createdAt)
        }
        return ids.compactMap { byID[$0] }
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
