import Foundation
import Logging
import OpenMarketCore
import OpenMarketImaging
import OpenMarketStore
import PostgresNIO

extension PostgresMarket {
    public func createProduct(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        let fields = ProductRules.Fields(
            name: draft.name, description: draft.description, price: draft.price, currency: draft.currency,
            discountedPrice: draft.discountedPrice, stock: draft.stock)
        let amounts = try ProductRules.check(fields).get()
        try ImageRules.checkCountAndSize(images).mapError { $0.marketError }.get()
        try ImageRules.checkContents(images).mapError { $0.marketError }.get()
        let processed = try await processed(images)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        let windows = PostgresSearch.windows(name: draft.name, description: draft.description)
        // The product, its photos and their variants in one transaction: all of it exists afterwards, or none.
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                INSERT INTO product (vendor_id, name, description, currency, price_minor, discount_minor, stock, created_at, search_windows)
                VALUES (\(vendorID), \(draft.name), \(draft.description), \(draft.currency.rawValue), \(amounts.priceMinor),
                    \(amounts.discountMinor), \(draft.stock), now(), \(windows))
                RETURNING id
                """, logger: logger)
            var inserted: Int64?
            for try await id in rows.decode(Int64.self) { inserted = id }
            guard let productID = inserted else { throw OpenMarketError.storeFailure("The product row got no id.") }
            let thumbnail = try await Self.insertImages(connection, processed, productID: productID, logger: logger)
            try await connection.query("UPDATE product SET thumbnail_image_id = \(thumbnail) WHERE id = \(productID)", logger: logger)
            guard let detail = try await PostgresProductLoader.detail(connection, id: productID, imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The new product could not be read back.")
            }
            return detail
        }
    }

    public func updateProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials
    ) async throws(OpenMarketError) -> ProductDetail {
        let vendorID = try await authenticate(credentials)
        let prefix = configuration.imagePathPrefix
        let logger = self.logger
        return try await transaction { connection in
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
            guard product.0 == vendorID else { throw OpenMarketError.forbidden("Product \(id) belongs to another vendor.") }
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
            guard let detail = try await PostgresProductLoader.detail(connection, id: Int64(id), imagePathPrefix: prefix, logger: logger) else {
                throw OpenMarketError.storeFailure("The product could not be read back.")
            }
            return detail
        }
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
