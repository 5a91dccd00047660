import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded

/// Turns stored rows into the API's product shapes: a fixed number of queries per page, never one per product.
enum ProductLoader {
    /// Rows are read by column position, not through `Codable`, and through cursors (one reused row, each value
    /// read straight from the statement) rather than copied rows: a list page costs little either way, but the
    /// export turns a million rows into summaries and copying and decoding rows was most of its time.
    /// Without `thumbnails` (an export, which has no photo column) every `thumbnailURL` is empty and no image is read.
    static func summaries(_ db: Database, ids: [Int64], imagePathPrefix: String, thumbnails withThumbnails: Bool = true) throws -> [ProductSummary] {
        guard !ids.isEmpty else { return [] }
        let arguments = StatementArguments(ids)
        let sql = SummarySQL.forCount(ids.count)
        // Cached statements: a page has the same number of ids every time, so the SQL repeats and is compiled once.
        let productRows = try Row.fetchCursor(db.cachedStatement(sql: sql.products), arguments: arguments)
        var products: [StoredSummary] = []
        products.reserveCapacity(ids.count)
        while let row = try productRows.next() {
            products.append(StoredSummary(
                id: row[0], vendorID: row[1], vendorName: row[2], name: row[3], description: row[4], currency: row[5],
                priceMinor: row[6], discountMinor: row[7], stock: row[8], createdAt: (row[9] as StoredDate).date, thumbnailImageID: row[10]))
        }
        // Each product's chosen thumbnail, or its first image: rows come in (productId, position) order.
        var thumbnails: [Int64: (id: Int64, key: String, fileExtension: String)] = [:]
        thumbnails.reserveCapacity(products.count)
        var chosen: [Int64: Int64] = [:]
        for product in products {
            if let thumbnail = product.thumbnailImageID { chosen[product.id] = thumbnail }
        }
        let images = try withThumbnails ? Row.fetchCursor(db.cachedStatement(sql: sql.images), arguments: arguments) : nil
        while let image = try images?.next() {
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
                ImageURL.thumbnail(prefix: imagePathPrefix, key: $0.key, fileExtension: $0.fileExtension)
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

    /// The two statements of `summaries` for a number of ids, written once for the counts a page has (up to 100)
    /// rather than on every read; an export's batch of a thousand writes its own, once per thousand rows.
    private struct SummarySQL {
        let products: String
        let images: String

        init(count: Int) {
            let placeholders = databaseQuestionMarks(count: count)
            products = """
                SELECT product.id, product.vendorId, vendor.name, product.name, product.description, product.currency,
                    product.priceMinor, product.discountMinor, product.stock, product.createdAt, product.thumbnailImageId
                FROM product JOIN vendor ON vendor.id = product.vendorId WHERE product.id IN (\(placeholders))
                """
            images = "SELECT productId, id, key, fileExtension FROM productImage WHERE productId IN (\(placeholders)) ORDER BY productId, position"
        }

        private static let written = (0...100).map(SummarySQL.init(count:))

        static func forCount(_ count: Int) -> SummarySQL {
            count < written.count ? written[count] : SummarySQL(count: count)
        }
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

    /// One product page's reads: two cached statements (compiled once per connection), read by column position.
    static func detail(_ db: Database, id: Int64, imagePathPrefix: String) throws -> ProductDetail? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT product.vendorId, product.name, product.description, product.currency, product.priceMinor,
                product.discountMinor, product.stock, product.createdAt, product.thumbnailImageId, vendor.name, vendor.createdAt
            FROM product LEFT JOIN vendor ON vendor.id = product.vendorId WHERE product.id = ?
            """), arguments: [id]),
            let currency = Currency(rawValue: row[3])
        else { return nil }
        let vendorID: Int64 = row[0]
        let createdAt = (row[7] as StoredDate).date
        let thumbnailID: Int64? = row[8]
        let images = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, key, fileExtension, createdAt FROM productImage WHERE productId = ? ORDER BY position
            """), arguments: [id])
        var shown: [ProductDetail.Image] = []
        var thumbnail: String?
        while let image = try images.next() {
            let imageID: Int64 = image[0]
            let url = ImageURL(prefix: imagePathPrefix, key: image[1], fileExtension: image[2])
            // The chosen thumbnail, else the first image (as `summaries` does).
            if thumbnail == nil || imageID == thumbnailID { thumbnail = url.thumbnail }
            shown.append(ProductDetail.Image(id: Int(imageID), url: url.origin, thumbnailURL: url.thumbnail, issuedAt: (image[3] as StoredDate).date))
        }
        return ProductDetail(
            id: Int(id), vendorID: Int(vendorID), name: row[1], description: row[2], thumbnailURL: thumbnail ?? "",
            currency: currency, price: MinorUnits.decimal(row[4], currency: currency),
            discountedPrice: MinorUnits.decimal(row[5], currency: currency), stock: row[6],
            createdAt: createdAt, issuedAt: createdAt, images: shown,
            vendor: ProductDetail.Vendor(id: Int(vendorID), name: row[9] ?? "", createdAt: (row[10] as StoredDate?)?.date))
    }
}
