import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketImaging
import PostgresNIO

extension PostgresMarket: TwoStepDeleting {
    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        return try await insertProduct(draft, images: images, vendorID: vendorID, createdAt: nil)
    }

    /// Checks the fields and photos, processes the photos, then writes everything in one transaction.
    func insertProduct(
        _ draft: ProductDraft, images: [ImageUpload], vendorID: Int64, createdAt: Date?, ownPassword: OwnPassword? = nil
    ) async throws(OpenMarketError) -> ProductDetail {
        let amounts = try Self.checked(draft)
        try ImageRules.checkBeforeWriting(images)
        let processed = try await processed(images)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        let product = NewProduct(
            draft: draft, amounts: amounts, images: processed, vendorID: vendorID, createdAt: createdAt, ownPassword: ownPassword)
        return try await transaction { connection in
            let productID = try await Self.insert(connection, product, logger: logger)
            guard let detail = try await PostgresProductLoader.detail(connection, id: productID, imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The new product could not be read back.")
            }
            return detail
        }
    }

    static func checked(_ draft: ProductDraft) throws(OpenMarketError) -> ProductRules.Amounts {
        let fields = ProductRules.Fields(
            name: draft.name, description: draft.description, price: draft.price, currency: draft.currency,
            discountedPrice: draft.discountedPrice, stock: draft.stock)
        return try ProductRules.check(fields).get()
    }

    /// A checked product with its processed photos, ready to be written.
    struct NewProduct: Sendable {
        var draft: ProductDraft
        var amounts: ProductRules.Amounts
        var images: [ProcessedImage]
        var vendorID: Int64
        /// `nil`: the server's clock at the insert.
        var createdAt: Date?
        var ownPassword: OwnPassword?
        /// The position of the main photo among `images`.
        var mainPosition = 0
        /// A restored product's id, taken when no product holds it.
        var formerID: Int64? = nil
    }

    /// Writes the product, its own password and creation key, its photos and their variants inside the caller's
    /// transaction: all of it exists afterwards, or none. The new product's id.
    static func insert(_ connection: PostgresConnection, _ product: NewProduct, logger: Logger) async throws -> Int64 {
        let draft = product.draft
        let windows = PostgresSearch.windows(name: draft.name, description: draft.description)
        var inserted: Int64?
        if let formerID = product.formerID {
            // `ON CONFLICT DO NOTHING` decides in the insert itself whether the id is free, even against a concurrent insert.
            let rows = try await connection.query(
                """
                INSERT INTO product (id, vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at,
                    search_windows, creation_key)
                OVERRIDING SYSTEM VALUE
                VALUES (\(formerID), \(product.vendorID), \(draft.name), \(draft.description), \(draft.currency.rawValue),
                    \(product.amounts.priceMinor), \(product.amounts.discountMinor), \(draft.stock), coalesce(\(product.createdAt), now()),
                    \(windows), \(product.ownPassword?.creationKey))
                ON CONFLICT (id) DO NOTHING
                RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { inserted = id }
        }
        if inserted == nil {
            let rows = try await connection.query(
                """
                INSERT INTO product (vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, search_windows,
                    creation_key)
                VALUES (\(product.vendorID), \(draft.name), \(draft.description), \(draft.currency.rawValue), \(product.amounts.priceMinor),
                    \(product.amounts.discountMinor), \(draft.stock), coalesce(\(product.createdAt), now()), \(windows),
                    \(product.ownPassword?.creationKey))
                RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { inserted = id }
        }
        guard let productID = inserted else { throw OpenMarketError.storeFailure("The product row got no id.") }
        if let hash = product.ownPassword?.hash {
            try await connection.query(
                "INSERT INTO product_password (product_id, password_hash) VALUES (\(productID), \(hash))", logger: logger)
        }
        let ids = try await Self.insertImages(connection, product.images, productID: productID, logger: logger)
        let main = ids.indices.contains(product.mainPosition) ? ids[product.mainPosition] : ids.first
        try await connection.query("UPDATE product SET thumbnail_image_id = \(main) WHERE id = \(productID)", logger: logger)
        return productID
    }

    public func updateProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        try await updateProduct(id: id, changes: changes, replacingImages: nil, as: .vendor(credentials), if: nil).written().after
    }

    /// The changes written inside the caller's transaction, checking the merged result against the rules.
    static func applyChanges(
        _ connection: PostgresConnection, id: Int, changes: ProductChanges, vendorID: Int64?, logger: Logger
    ) async throws {
        // Locked until the commit: two updates of one product apply one after the other, each to the other's result.
        let rows = try await connection.query(
            """
            SELECT vendor_id, name, description, currency, price_minor, discount_minor, stock
            FROM product WHERE id = \(Int64(id)) FOR UPDATE
            """, logger: logger
        ).decode((Int64, String, String, String, Int64, Int64, Int).self)
        var found: (Int64, String, String, String, Int64, Int64, Int)?
        for try await row in rows { found = row }
        guard let product = found else { throw OpenMarketError.notFound("Product \(id) does not exist.") }
        if let vendorID, product.0 != vendorID { throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.") }
        guard let oldCurrency = Currency(rawValue: product.3) else {
            throw OpenMarketError.storeFailure("Product \(id) has an unknown currency.")
        }
        let fields = ProductRules.Fields(
            name: changes.name ?? product.1,
            description: changes.description ?? product.2,
            price: changes.price ?? MinorUnits.decimal(product.4, currency: oldCurrency),
            currency: changes.currency ?? oldCurrency,
            discountedPrice: changes.discountedPrice ?? MinorUnits.decimal(product.5, currency: oldCurrency),
            stock: changes.stock ?? product.6)
        let amounts = try ProductRules.check(fields).get()
        if let thumbnailID = changes.thumbnailID {
            let owned = try await PostgresListing.single(
                connection, "SELECT count(*) FROM product_image WHERE id = \(Int64(thumbnailID)) AND product_id = \(Int64(id))", logger: logger)
            guard owned == 1 else { throw OpenMarketError.invalid([.init(.thumbnailNotOwn(thumbnailID))]) }
        }
        let windows = PostgresSearch.windows(name: fields.name, description: fields.description)
        try await connection.query(
            """
            UPDATE product SET name = \(fields.name), description = \(fields.description), currency = \(fields.currency.rawValue),
                price_minor = \(amounts.priceMinor), discount_minor = \(amounts.discountMinor), stock = \(fields.stock),
                thumbnail_image_id = coalesce(\(changes.thumbnailID.map(Int64.init)), thumbnail_image_id), search_windows = \(windows)
            WHERE id = \(Int64(id))
            """, logger: logger)
    }

    public func deleteProduct(id: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> ProductDetail {
        let token = try await issueDeleteToken(productID: id, credentials: credentials)
        return try await deleteProduct(token: token, identifier: credentials.identifier, productID: id)
    }

    /// Step one of the v2 delete: checks the secret and returns a single-use, expiring token.
    public func issueDeleteToken(productID: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> String {
        let vendorID = try await authenticate(credentials)
        let lifetime = configuration.deleteTokenLifetime
        let seconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18
        let logger = self.logger
        return try await transaction { connection in
            try await Self.checkOwner(connection, productID: productID, vendorID: vendorID, logger: logger)
            // Every instance reads the server's clock, so a token lives as long whichever instance checks it.
            try await connection.query("DELETE FROM delete_token WHERE expires_at < now()", logger: logger)
            let token = TimeBasedUUID.make()
            try await connection.query(
                """
                INSERT INTO delete_token (token, product_id, vendor_id, expires_at)
                VALUES (\(token), \(Int64(productID)), \(vendorID), now() + make_interval(secs => \(seconds)))
                """, logger: logger)
            return token
        }
    }

    /// Step two: spends the token and deletes the product with its images, in one transaction.
    /// The `identifier` must be the token's vendor; `productID`, when the path carries one, must match too.
    ///
    /// The token is spent by `DELETE … RETURNING`: of several callers spending one token at once, the first
    /// deletes the row and the others, waiting on its lock, find none, so exactly one deletes the product.
    public func deleteProduct(token: String, identifier: String, productID: Int?) async throws(OpenMarketError) -> ProductDetail {
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await transaction { connection in
            let spent = try await connection.query(
                """
                DELETE FROM delete_token WHERE token = \(token) AND expires_at > now()
                    AND (\(productID.map(Int64.init))::bigint IS NULL OR product_id = \(productID.map(Int64.init)))
                    AND vendor_id = (SELECT id FROM vendor WHERE identifier = \(identifier))
                RETURNING product_id
                """, logger: logger)
            var spentProduct: Int64?
            for try await id in spent.decode(Int64.self) { spentProduct = id }
            guard let doomed = spentProduct else {
                // Not spent: a token that would have worked for its own vendor is forbidden, any other unknown.
                let valid = try await PostgresListing.single(
                    connection,
                    """
                    SELECT count(*) FROM delete_token WHERE token = \(token) AND expires_at > now()
                        AND (\(productID.map(Int64.init))::bigint IS NULL OR product_id = \(productID.map(Int64.init)))
                    """, logger: logger)
                if valid > 0 { throw OpenMarketError.forbidden("This delete path belongs to another vendor.") }
                throw OpenMarketError.notFound(
                    "This delete path is unknown, used or expired. Ask for a new one with POST /api/products/{id}/archived.")
            }
            guard let detail = try await PostgresProductLoader.detail(connection, id: doomed, imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.notFound("Product \(doomed) does not exist.")
            }
            // Images, their bytes and other tokens go with the product through ON DELETE CASCADE.
            try await connection.query("DELETE FROM product WHERE id = \(doomed)", logger: logger)
            return detail
        }
    }

    static func checkOwner(_ connection: PostgresConnection, productID: Int, vendorID: Int64, logger: Logger) async throws {
        let rows = try await connection.query("SELECT vendor_id FROM product WHERE id = \(Int64(productID))", logger: logger)
        var owner: Int64?
        for try await id in rows.decode(Int64.self) { owner = id }
        guard let owner else { throw OpenMarketError.notFound("Product \(productID) does not exist.") }
        guard owner == vendorID else { throw OpenMarketError.forbidden("Product \(productID) belongs to another vendor.") }
    }
}
