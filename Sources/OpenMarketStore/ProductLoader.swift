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
        let sql = SummarySQL.forCount(ids.count)
        // Cached statements: a page has the same number of ids every time, so the SQL repeats and is compiled once.
        // With thumbnails, each product's chosen thumbnail (when it is one of its images), else its first, comes in
        // the same row: no second statement, and no row for each of the other photos.
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: withThumbnails ? sql.withThumbnails : sql.products), arguments: StatementArguments(each: ids))
        var byID: [Int64: ProductSummary] = [:]
        byID.reserveCapacity(ids.count)
        while let row = try rows.next() {
            let id: Int64 = row[0]
            guard let currency = Currency(rawValue: row[5]) else { continue }
            let thumbnail: String? = withThumbnails ? (row[10] as String?).map { key in
                ImageURL.thumbnail(prefix: imagePathPrefix, key: key, fileExtension: row[11])
            } : nil
            let createdAt = (row[9] as StoredDate).date
            byID[id] = ProductSummary(
                id: Int(id), vendorID: row[1], vendorName: row[2], name: row[3], description: row[4], thumbnailURL: thumbnail ?? "",
                currency: currency, price: MinorUnits.decimal(row[6], currency: currency),
                discountedPrice: MinorUnits.decimal(row[7], currency: currency), stock: row[8], createdAt: createdAt, issuedAt: createdAt)
        }
        return ids.compactMap { byID[$0] }
    }

    /// The statements of `summaries` for a number of ids, written once for the counts a page has (up to 100)
    /// rather than on every read; an export's batch of a thousand writes its own, once per thousand rows.
    private struct SummarySQL {
        let products: String
        let withThumbnails: String

        init(count: Int) {
            let placeholders = databaseQuestionMarks(count: count)
            let columns = """
                product.id, product.vendorId, vendor.name, product.name, product.description, product.currency,
                    product.priceMinor, product.discountMinor, product.stock, product.createdAt
                """
            products = "SELECT \(columns) FROM product JOIN vendor ON vendor.id = product.vendorId WHERE product.id IN (\(placeholders))"
            withThumbnails = """
                SELECT \(columns), thumbnail.key, thumbnail.fileExtension
                FROM product JOIN vendor ON vendor.id = product.vendorId
                LEFT JOIN productImage AS thumbnail ON thumbnail.id = coalesce(
                    (SELECT chosen.id FROM productImage AS chosen WHERE chosen.id = product.thumbnailImageId AND chosen.productId = product.id),
                    (SELECT first.id FROM productImage AS first WHERE first.productId = product.id ORDER BY first.position LIMIT 1))
                WHERE product.id IN (\(placeholders))
                """
        }

        private static let written = (0...100).map(SummarySQL.init(count:))

        static func forCount(_ count: Int) -> SummarySQL {
            count < written.count ? written[count] : SummarySQL(count: count)
        }
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
