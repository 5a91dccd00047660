import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// Where product passwords live, and how a typed one is checked.
///
/// The embedded market keeps them itself, written in the product's own transaction (`ProductPasswordKeeping`).
/// A remote v2 server cannot, so then the front end keeps them in its web store; there a crash between the
/// server's answer and our write can leave a product that only the vendor's secret guards (docs/pages.md says so).
package struct ProductPasswords: Sendable {
    package enum Keeper: Sendable {
        case market(any ProductPasswordKeeping)
        case frontEnd(any ProductPasswordStorage)
    }

    package let keeper: Keeper
    package let hasher: SecretHasher

    /// Lists the product with its password: in one step where the market keeps it, else the product first,
    /// then its password here, and the product taken back if that fails.
    package func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], password: String, creationKey: String, market: any OpenMarketAPI,
        vendor: VendorCredentials
    ) async throws -> ProductDetail {
        switch keeper {
        case .market(let keeping):
            return try await keeping.createProduct(draft, images: images, credentials: vendor, password: password, creationKey: creationKey)
        case .frontEnd(let storage):
            let hash = try await hasher.hash(password)
            let created = try await market.createProduct(draft, images: images, credentials: vendor)
            do {
                try await storage.saveProductPasswordHash(hash, productID: created.id, at: Date())
            } catch {
                // Without its password the product could be changed with the vendor secret only: take it back.
                _ = try? await market.deleteProduct(id: created.id, credentials: vendor)
                throw error
            }
            return created
        }
    }

    package func check(productID: Int, password: String) async throws -> ProductPasswordCheck {
        switch keeper {
        case .market(let keeping):
            return try await keeping.checkProductPassword(id: productID, password: password)
        case .frontEnd(let storage):
            let hash = try await storage.productPasswordHash(productID: productID)
            guard let hash else { return .noPassword }
            return await hasher.verify(password, against: hash) ? .matches : .wrong
        }
    }

    /// After a delete: the market drops its own row with the product; ours goes here.
    package func forget(productID: Int) async throws {
        guard case .frontEnd(let storage) = keeper else { return }
        try await storage.removeProductPassword(productID: productID)
    }

    /// Whether a create with this key made a product: the product's id, `nil` if none was made, or
    /// `.unknown` where the market cannot say (a remote v2 server).
    package enum CreationLookup: Sendable, Hashable {
        case made(Int)
        case notMade
        case unknown
    }

    package func lookUp(creationKey: String) async throws -> CreationLookup {
        guard case .market(let keeping) = keeper else { return .unknown }
        return try await keeping.productID(creationKey: creationKey).map { .made($0) } ?? .notMade
    }

    package init(keeper: Keeper, hasher: SecretHasher) {
        self.keeper = keeper
        self.hasher = hasher
    }
}
