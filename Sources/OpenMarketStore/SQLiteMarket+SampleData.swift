import Foundation
import GRDB
import Logging
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket: VendorKeeping {
    public func productCount() async throws(OpenMarketError) -> Int {
        try await read { db in try Self.productTotal(db) }
    }

    /// Fills an empty market with the shipped sample products, spread over two vendors so ownership shows.
    /// Returns how many were added (0 when the market already had products).
    @discardableResult
    public func loadSampleData(from directory: URL, owner: VendorAccount, neighbor: VendorAccount) async throws -> Int {
        guard try await productCount() == 0 else { return 0 }
        let samples = try SampleProduct.load(from: directory)
        for sample in samples {
            let vendor = sample.isNeighbors ? neighbor : owner
            _ = try await insertProduct(sample.draft, images: sample.images, vendorID: Int64(vendor.id), createdAt: sample.createdAt)
        }
        logger.info("Loaded sample products", metadata: ["count": "\(samples.count)"])
        return samples.count
    }

    /// A fresh vendor identifier in the shape the OpenMarket servers use (a time-based UUID).
    public static func newVendorIdentifier() -> String {
        TimeBasedUUID.make()
    }
}
