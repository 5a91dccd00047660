import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
import OpenMarketImaging

extension SQLiteMarket: TwoStepDeleting {
    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        return try await insertProduct(draft, images: images, vendorID: vendorID, createdAt: Date())
    }

    /// Writes the product, all its images and its own password, if it has one, in one transaction: all of it
    /// exists afterwards, or none.
    func insertProduct(
        _ draft: ProductDraft, images: [ImageUpload], vendorID: Int64, createdAt: Date, ownPassword: OwnPassword? = nil
    ) async throws(OpenMarketError) -> ProductDetail {
        let fields = ProductRules.Fields(
            name: draft.name, description: draft.description, price: draft.price, currency: draft.currency,
            discountedPrice: draft.discountedPrice, stock: draft.stock)
        let amounts = try ProductRules.check(fields).get()
        try ImageRules.checkBeforeWriting(images)
        let processed = try await processed(images)
        return try await insert(draft, amounts: amounts, images: processed, vendorID: vendorID, createdAt: createdAt, ownPassword: ownPassword)
    }

    /// Writes a checked product and its processed photos in one transaction; `mainPosition` names the main photo,
    /// `formerID` the id it takes when no product holds it (a restore), else a new one.
    func insert(
        _ draft: ProductDraft, amounts: ProductRules.Amounts, images processed: [ProcessedImage], vendorID: Int64, createdAt: Date,
        ownPassword: OwnPassword?, mainPosition: Int = 0, formerID: Int64? = nil
    ) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        return try await write { db in
            let id = try formerID.flatMap { try ProductRecord.exists(db, key: $0) ? nil : $0 }
            var product = ProductRecord(
                id: id, vendorId: vendorID, name: draft.name, description: draft.description,
                currency: draft.currency.rawValue, priceMinor: amounts.priceMinor, discountMinor: amounts.discountMinor,
                stock: draft.stock, thumbnailImageId: nil, createdAt: createdAt, creationKey: ownPassword?.creationKey)
            try product.insert(db)
            guard let productID = product.id else { throw OpenMarketError.storeFailure("The product row got no id.") }
            if let hash = ownPassword?.hash {
                try db.execute(sql: "INSERT INTO productPassword (productId, passwordHash) VALUES (?, ?)", arguments: [productID, hash])
            }
            let ids = try Self.insertImages(db, processed, productID: productID, createdAt: createdAt)
            product.thumbnailImageId = ids.indices.contains(mainPosition) ? ids[mainPosition] : ids.first
            try product.update(db)
            guard let detail = try ProductLoader.detail(db, id: productID, imagePathPrefix: prefix) else {
                throw OpenMarketError.storeFailure("The new product could not be read back.")
            }
            return detail
        }
    }

    public func updateProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: nil, as: .vendor(credentials), if: nil).written().after
    }

    /// The changes written inside the caller's transaction; the row as it is afterwards.
    @discardableResult
    static func applyChanges(_ db: Database, id: Int, changes: ProductChanges, vendorID: Int64) throws -> ProductRecord {
        var product = try Self.ownedProduct(db, id: id, vendorID: vendorID)
        guard let oldCurrency = Currency(rawValue: product.currency) else {
            throw OpenMarketError.storeFailure("Product \(id) has an unknown currency.")
        }
        let fields = ProductRules.Fields(
            name: changes.name ?? product.name,
            description: changes.description ?? product.description,
            price: changes.price ?? MinorUnits.decimal(product.priceMinor, currency: oldCurrency),
            currency: changes.currency ?? oldCurrency,
            discountedPrice: changes.discountedPrice ?? MinorUnits.decimal(product.discountMinor, currency: oldCurrency),
            stock: changes.stock ?? product.stock)
        let amounts = try ProductRules.check(fields).get()
        if let thumbnailID = changes.thumbnailID {
            let belongs = try ProductImageRecord.filter(key: Int64(thumbnailID))
                .filter(ProductImageRecord.Columns.productId == Int64(id)).fetchCount(db) == 1
            guard belongs else {
                throw OpenMarketError.invalid([.init(.thumbnailNotOwn(thumbnailID))])
            }
            product.thumbnailImageId = Int64(thumbnailID)
        }
        product.name = fields.name
        product.description = fields.description
        product.currency = fields.currency.rawValue
        product.priceMinor = amounts.priceMinor
        product.discountMinor = amounts.discountMinor
        product.stock = fields.stock
        try product.update(db)
        return product
    }

    /// Inserts processed photos (display image and thumbnails) in order, inside the caller's transaction; their
    /// ids, in the same order (the first is the main photo a new set starts with).
    static func insertImages(_ db: Database, _ images: [ProcessedImage], productID: Int64, createdAt: Date) throws -> [Int64] {
        try images.enumerated().map { position, image in
            try insertImage(db, image, productID: productID, position: position, createdAt: createdAt)
        }
    }

    static func insertImage(_ db: Database, _ image: ProcessedImage, productID: Int64, position: Int, createdAt: Date) throws -> Int64 {
        var record = ProductImageRecord(
            id: nil, productId: productID, position: position, key: EmbeddedMarket.newImageKey(),
            fileExtension: image.display.format.fileExtension, mediaType: image.display.format.mediaType,
            bytes: image.display.data, createdAt: createdAt, processedAt: createdAt)
        try record.insert(db)
        guard let imageID = record.id else { throw OpenMarketError.storeFailure("The image row got no id.") }
        try Self.store(image, imageID: imageID, in: db)
        return imageID
    }

    public func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        let token = try await issueDeleteToken(productID: id, credentials: credentials)
        return try await deleteProduct(token: token, identifier: credentials.identifier, productID: id)
    }

    /// Step one of the v2 delete: checks the secret and returns a single-use, expiring token.
    public func issueDeleteToken(productID: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> String {
        let vendorID = try await authenticate(credentials)
        let lifetime = configuration.deleteTokenLifetime
        return try await write { db in
            _ = try Self.ownedProduct(db, id: productID, vendorID: vendorID)
            let now = Date()
            try DeleteTokenRecord.filter(DeleteTokenRecord.Columns.expiresAt < now).deleteAll(db)
            let token = DeleteTokenRecord(
                token: TimeBasedUUID.make(), productId: Int64(productID), vendorId: vendorID,
                expiresAt: now.addingTimeInterval(Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18))
            try token.insert(db)
            return token.token
        }
    }

    /// Step two: spends the token and deletes the product with its images, in one transaction.
    /// The `identifier` must be the token's vendor; `productID`, when the path carries one, must match too.
    public func deleteProduct(token: String, identifier: String, productID: Int?) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        return try await write { db in
            guard let record = try DeleteTokenRecord.fetchOne(db, key: token), record.expiresAt > Date(),
                productID == nil || Int64(productID ?? 0) == record.productId
            else {
                throw OpenMarketError.notFound("This delete path is unknown, used or expired. Ask for a new one with POST /api/products/{id}/archived.")
            }
            let owner = try VendorRecord.fetchOne(db, key: record.vendorId)
            guard owner?.identifier == identifier else {
                throw OpenMarketError.forbidden("This delete path belongs to another vendor.")
            }
            try DeleteTokenRecord.deleteOne(db, key: token)
            guard let detail = try ProductLoader.detail(db, id: record.productId, imagePathPrefix: prefix) else {
                throw OpenMarketError.notFound("Product \(record.productId) does not exist.")
            }
            // Images and other tokens go with the product through ON DELETE CASCADE.
            try ProductRecord.deleteOne(db, key: record.productId)
            return detail
        }
    }

    static func ownedProduct(_ db: Database, id: Int, vendorID: Int64) throws -> ProductRecord {
        guard let product = try ProductRecord.fetchOne(db, key: Int64(id)) else {
            throw OpenMarketError.notFound("Product \(id) does not exist.")
        }
        guard product.vendorId == vendorID else {
            throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.")
        }
        return product
    }
}
