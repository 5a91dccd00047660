/// How many visitors like each product, kept by the front end (the OpenMarket API has no likes). A visitor's own
/// likes are in their cookie; this count moves only when a like form changes that cookie's state, in one
/// statement on the web store, so counts from concurrent visitors add up and never go below zero.
package struct LikeCounts: Sendable {
    package let storage: any StorefrontTallyStorage

    package func count(of productID: Int) async throws -> Int {
        try await storage.likeCounts(productIDs: [productID])[productID] ?? 0
    }

    /// The count after a visitor's like went from `wasLiked` to `liked`; unchanged state reads it without a write.
    package func record(productID: Int, wasLiked: Bool, liked: Bool) async throws -> Int {
        guard wasLiked != liked else { return try await count(of: productID) }
        return try await storage.addLikes(liked ? 1 : -1, productID: productID)
    }

    package init(storage: any StorefrontTallyStorage) {
        self.storage = storage
    }
}
