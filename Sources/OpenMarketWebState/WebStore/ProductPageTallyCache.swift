/// A product page's tallies (seller name, likes, newest questions), kept while the storage's `storefrontVersion`
/// stays (SQLite, one writer): a product page viewed again then reads nothing of the web store, nor does the page of a
/// product nobody named, liked or asked about (`showsNothingBeside`). Where other instances write (PostgreSQL) every
/// view reads them.
package final class ProductPageTallyCache: Sendable {
    private struct Key: Hashable {
        let productID: Int
        let questionLimit: Int
    }

    package let storage: any StorefrontTallyStorage
    private let kept: BoundedCache<Key, ProductPageTallies>?

    package init(storage: any StorefrontTallyStorage) {
        self.storage = storage
        kept = storage.storefrontVersion == nil
            ? nil : BoundedCache(capacity: 4_096, maximumBytes: 4 * 1024 * 1024, secondAskWhenBusy: true)
    }

    package func tallies(productID: Int, questionLimit: Int) async throws -> ProductPageTallies {
        guard let kept, let version = storage.storefrontVersion else {
            return try await storage.productPageTallies(productID: productID, questionLimit: questionLimit)
        }
        let key = Key(productID: productID, questionLimit: questionLimit)
        if let found = kept.value(for: key, generation: version) { return found }
        if try await storage.showsNothingBeside(productIDs: [productID]) {
            return ProductPageTallies(sellerName: nil, likes: 0, questions: [])
        }
        let tallies = try await storage.productPageTallies(productID: productID, questionLimit: questionLimit)
        guard kept.admits(key) else { return tallies }
        let bytes = 64 + (tallies.sellerName?.utf8.count ?? 0)
            + tallies.questions.reduce(0) { $0 + 96 + $1.nickname.utf8.count + $1.text.utf8.count + ($1.answer?.utf8.count ?? 0) }
        kept.keep(tallies, bytes: bytes, for: key, generation: version) { [storage] in storage.storefrontVersion == version }
        return tallies
    }

    /// How many products' tallies are kept (for tests).
    package var keptCount: Int { kept?.count ?? 0 }
}
