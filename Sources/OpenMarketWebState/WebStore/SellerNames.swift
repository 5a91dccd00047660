import Foundation

/// The name a seller chose for a listing on the upload form, kept by the front end with the product: the OpenMarket
/// API knows only its vendors, and every listing made here belongs to this front end's one vendor.
///
/// A seller's "other products" are those listed under the same name here. Nobody signs in to list, so a name is a
/// label, not an account: the pages say "products listed as …", never that one person is behind them.
package struct SellerNames: Sendable {
    package static let lengths = 2...20
    /// A seller page lists at most this many of the newest products, then pages by id.
    package static let pageSize = 40

    package enum Problem: Error, Equatable {
        case length
        case characters
    }

    package let storage: any StorefrontTallyStorage
    /// The names of each list of products asked for, while the storage's `storefrontVersion` stays (SQLite): every
    /// list page asks, and a hot page would otherwise read the web store on each view. `nil` on PostgreSQL.
    private let kept: BoundedCache<[Int], [Int: String]>?

    /// The name as kept: spaces at the ends dropped and runs of spaces made one, in Unicode's composed form, so
    /// that the same name typed twice finds the same products.
    package static func normalized(_ typed: String) -> Result<String, Problem> {
        let words = typed.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace)
        let name = words.joined(separator: " ")
        guard lengths.contains(name.count) else { return .failure(.length) }
        // Control and format characters (bidirectional overrides, zero-width joiners) would let one name pass for another.
        let hidden = name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
        return hidden ? .failure(.characters) : .success(name)
    }

    package func names(of productIDs: [Int]) async throws -> [Int: String] {
        guard let kept, let version = storage.storefrontVersion else { return try await storage.sellerNames(productIDs: productIDs) }
        if let found = kept.value(for: productIDs, generation: version) { return found }
        if try await storage.showsNothingBeside(productIDs: productIDs) { return [:] }
        let names = try await storage.sellerNames(productIDs: productIDs)
        let bytes = productIDs.count * 16 + names.values.reduce(0) { $0 + $1.utf8.count + 16 }
        kept.keep(names, bytes: bytes, for: productIDs, generation: version) { [storage] in storage.storefrontVersion == version }
        return names
    }

    /// How many lists of names are kept (for tests).
    package var keptCount: Int { kept?.count ?? 0 }

    package func keep(_ name: String, productID: Int) async throws {
        try await storage.saveSellerName(name, productID: productID)
    }

    /// A page of the products listed under `name`, newest first: the ids, and the id to continue below, if any.
    package func productIDs(listedAs name: String, before: Int?) async throws -> (ids: [Int], next: Int?) {
        let ids = try await storage.productIDs(sellerName: name, before: before, limit: Self.pageSize + 1)
        let page = Array(ids.prefix(Self.pageSize))
        return (page, ids.count > Self.pageSize ? page.last : nil)
    }

    package init(storage: any StorefrontTallyStorage) {
        self.storage = storage
        kept = storage.storefrontVersion == nil ? nil : BoundedCache(capacity: 1_024, maximumBytes: 2 * 1024 * 1024)
    }
}
