import Foundation
import GRDB
import OpenMarketCore

/// Turns stored rows into the API's product shapes: a fixed number of queries per page, never one per product.
enum ProductLoader {
    static func summaries(_ db: Database, ids: [Int64], imagePathPrefix: String) throws -> [ProductSummary] {
        guard !ids.isEmpty else { return [] }
        let products = try ProductRecord.filter(ids.contains(ProductRecord.Columns.id)).fetchAll(db)
        let vendors = try vendorsByID(db, products: products)
        let thumbnails = try thumbnailsByProduct(db, products: products)
        let byID = Dictionary(uniqueKeysWithValues: products.compactMap { record in record.id.map { ($0, record) } })
        return ids.compactMap { id in
            guard let record = byID[id], let currency = Currency(rawValue: record.currency) else { return nil }
            let thumbnail = thumbnails[id].map { ImageURL(prefix: imagePathPrefix, info: $0) }
            return ProductSummary(
                id: Int(id), vendorID: Int(record.vendorId), vendorName: vendors[record.vendorId]?.name ?? "",
                name: record.name, description: record.description, thumbnailURL: thumbnail?.thumbnail ?? "",
                currency: currency, price: MinorUnits.decimal(record.priceMinor, currency: currency),
                discountedPrice: MinorUnits.decimal(record.discountMinor, currency: currency),
                stock: record.stock, createdAt: record.createdAt, issuedAt: record.createdAt
            )
        }
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
            vendor: ProductDetail.Vendor(id: Int(record.vendorId), name: vendor?.name ?? "")
        )
    }

    private static func vendorsByID(_ db: Database, products: [ProductRecord]) throws -> [Int64: VendorRecord] {
        let ids = Set(products.map(\.vendorId))
        let vendors = try VendorRecord.filter(keys: ids).fetchAll(db)
        return Dictionary(uniqueKeysWithValues: vendors.compactMap { vendor in vendor.id.map { ($0, vendor) } })
    }

    /// The chosen thumbnail image of each product, or its first image.
    private static func thumbnailsByProduct(_ db: Database, products: [ProductRecord]) throws -> [Int64: ProductImageInfo] {
        let ids = products.compactMap(\.id)
        let images = try ProductImageRecord.select(ProductImageRecord.metadataColumns)
            .filter(ids.contains(ProductImageRecord.Columns.productId))
            // In the unique index's order (productId, position), so no sort is needed.
            .order(ProductImageRecord.Columns.productId, ProductImageRecord.Columns.position)
            .asRequest(of: ProductImageInfo.self).fetchAll(db)
        let chosen = Dictionary(uniqueKeysWithValues: products.compactMap { product in product.id.map { ($0, product.thumbnailImageId) } })
        var result: [Int64: ProductImageInfo] = [:]
        for image in images {
            if result[image.productId] == nil || chosen[image.productId] == image.id {
                result[image.productId] = image
            }
        }
        return result
    }
}

/// Where an image is served: the same bytes under an origin and a thumbnail name, as the API has both URLs.
struct ImageURL {
    let origin: String
    let thumbnail: String

    init(prefix: String, info: ProductImageInfo) {
        let ext = info.fileExtension.isEmpty ? "" : "." + info.fileExtension
        origin = "\(prefix)\(info.key)_origin\(ext)"
        thumbnail = "\(prefix)\(info.key)_thumb\(ext)"
    }
}
