import Foundation
import GRDB
import Logging
import OpenMarketCore

extension SQLiteMarket {
    /// One product of `SampleData/products.json`; its photos are files beside it in `images/`.
    struct SampleProduct: Decodable {
        var name: String
        var description: String
        var currency: Currency
        var price: Decimal
        var discountedPrice: Decimal
        var stock: Int
        var images: [String]
        var daysAgo: Int

        enum CodingKeys: String, CodingKey {
            case name, description, currency, price, stock, images
            case discountedPrice = "discounted_price"
            case daysAgo = "days_ago"
        }
    }

    public func productCount() async throws(OpenMarketError) -> Int {
        try await read { db in try Self.productTotal(db) }
    }

    /// Fills an empty market with the shipped sample products, spread over two vendors so ownership shows.
    /// Returns how many were added (0 when the market already had products).
    @discardableResult
    public func loadSampleData(from directory: URL, owner: VendorAccount, neighbor: VendorAccount) async throws -> Int {
        guard try await productCount() == 0 else { return 0 }
        let catalog = try JSONDecoder().decode([SampleProduct].self, from: Data(contentsOf: directory.appending(path: "products.json")))
        // Oldest first, so ids grow with dates and "newest first" means the same thing by id and by date.
        let ordered = catalog.enumerated().sorted { $0.element.daysAgo > $1.element.daysAgo }
        // One clock reading for all: processing the photos takes a while, and "n days ago" means from now.
        let loadedAt = Date()
        for (step, (index, sample)) in ordered.enumerated() {
            let images = try sample.images.map { file in
                ImageUpload(filename: file, contentType: nil, data: try Data(contentsOf: directory.appending(path: "images").appending(path: file)))
            }
            let draft = ProductDraft(
                name: sample.name, description: sample.description, price: sample.price, currency: sample.currency,
                discountedPrice: sample.discountedPrice, stock: sample.stock)
            let vendor = index % 6 == 5 ? neighbor : owner
            // A millisecond apart, so later rows are newer even between samples of the same day.
            let createdAt = loadedAt.addingTimeInterval(-Double(sample.daysAgo) * 86_400 + Double(step) / 1000)
            _ = try await insertProduct(draft, images: images, vendorID: Int64(vendor.id), createdAt: createdAt)
        }
        logger.info("Loaded sample products", metadata: ["count": "\(catalog.count)"])
        return catalog.count
    }

    /// A fresh vendor identifier in the shape the OpenMarket servers use (a time-based UUID).
    public static func newVendorIdentifier() -> String {
        TimeBasedUUID.make()
    }
}
