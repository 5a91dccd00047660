import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
import OpenMarketStore
import OpenMarketWebState

/// What the market behind the front end offers for restoring a deleted product: its photos and own password read
/// before the delete, and a way to list it again with them.
package protocol DeletedProductKeeping: Sendable {
    /// Read before a delete; `nil` when the photos cannot be had, and the product then cannot be restored.
    func keepsake(of product: ProductDetail) async -> ProductKeepsake?
    /// Lists the product again with its kept photos, as the vendor it belonged to, under a creation key; under
    /// `formerID` where the market lets us choose the id (embedded), else under the id the market gives.
    func relist(_ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int) async throws -> ProductDetail
    /// Whether a restore with this creation key made a product, for restores a crash interrupted.
    func lookUp(creationKey: String) async throws -> ProductPasswords.CreationLookup
    /// Whether a restored product comes back under its former id; otherwise the market gives it a new one.
    var keepsFormerID: Bool { get }
}

/// The embedded market: photos read as stored and stored again as they were, in one transaction with the product.
package struct EmbeddedProductKeeping: DeletedProductKeeping {
    package let market: any ProductRelisting & ProductPasswordKeeping

    package func keepsake(of product: ProductDetail) async -> ProductKeepsake? {
        guard let keepsake = try? await market.keepsake(productID: product.id), !keepsake.photos.isEmpty else { return nil }
        return keepsake
    }

    package func relist(_ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int) async throws -> ProductDetail {
        try await market.relist(draft, keepsake: keepsake, vendorID: vendorID, creationKey: creationKey, formerID: formerID)
    }

    package func lookUp(creationKey: String) async throws -> ProductPasswords.CreationLookup {
        try await market.productID(creationKey: creationKey).map { .made($0) } ?? .notMade
    }

    package var keepsFormerID: Bool { true }

    package init(market: any ProductRelisting & ProductPasswordKeeping) {
        self.market = market
    }
}

/// A remote market: photos are fetched from the server itself before the delete — only from its own origin, so a
/// product naming photos elsewhere is not restorable — and sent again as a new listing with this front end's
/// vendor credentials; the product's own password is kept in the web store, as for every product listed here.
package struct RemoteProductKeeping: DeletedProductKeeping {
    package let client: OpenMarketClient
    package let passwords: any ProductPasswordStorage
    package let vendor: VendorCredentials?
    /// Whether the server can make another photo the main one (v1 always shows the first).
    package let canChooseMainPhoto: Bool

    /// The API assigns ids.
    package var keepsFormerID: Bool { false }

    package func keepsake(of product: ProductDetail) async -> ProductKeepsake? {
        guard vendor != nil, !product.images.isEmpty else { return nil }
        var photos: [KeptPhoto] = []
        for image in product.images {
            guard let data = try? await client.photo(at: image.url), data.count <= MarketLimits.maxImageBytes,
                let kind = ImageHeader.read([UInt8](data))?.kind
            else { return nil }
            photos.append(KeptPhoto(mediaType: kind.mediaType, data: data))
        }
        let hash = try? await passwords.productPasswordHash(productID: product.id)
        let main = product.images.firstIndex { $0.id == product.thumbnailImageID } ?? 0
        return ProductKeepsake(photos: photos, mainPosition: main, passwordHash: hash ?? nil)
    }

    /// The API assigns ids: the product comes back under a new one, and the history links the two.
    package func relist(_ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int) async throws -> ProductDetail {
        guard let vendor else { throw ProductEditing.Refusal.writesDisabled }
        let images = keepsake.photos.enumerated().map { index, photo in
            ImageUpload(filename: "photo-\(index + 1).\(ImageHeader.read([UInt8](photo.data))?.kind.fileExtension ?? "jpg")",
                        contentType: photo.mediaType, data: photo.data)
        }
        var created = try await client.createProduct(draft, images: images, credentials: vendor)
        if canChooseMainPhoto, keepsake.mainPosition > 0, created.images.indices.contains(keepsake.mainPosition) {
            var changes = ProductChanges()
            changes.thumbnailID = created.images[keepsake.mainPosition].id
            created = (try? await client.updateProduct(id: created.id, changes: changes, credentials: vendor)) ?? created
        }
        if let hash = keepsake.passwordHash {
            try await passwords.saveProductPasswordHash(hash, productID: created.id, at: Date())
        }
        return created
    }

    /// A remote server keeps no creation keys.
    package func lookUp(creationKey: String) async throws -> ProductPasswords.CreationLookup { .unknown }

    package init(client: OpenMarketClient, passwords: any ProductPasswordStorage, vendor: VendorCredentials?, canChooseMainPhoto: Bool) {
        self.client = client
        self.passwords = passwords
        self.vendor = vendor
        self.canChooseMainPhoto = canChooseMainPhoto
    }
}
