import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketWebState

/// Listing, changing and deleting a product, for the storefront's forms and the admin console alike: authorise
/// → market → password → audit → take back, with typed outcomes that controllers only render.
package struct ProductEditing: Sendable {
    package let market: any OpenMarketAPI
    package let admin: any AdminMarket
    package let passwords: ProductPasswords
    package let audit: AuditLog
    package let throttle: GuessThrottle
    /// The vendor this front end writes as; `nil` in remote mode without `--identifier`/`--secret`.
    package let vendor: VendorCredentials?
    /// The embedded market, whose changes can be conditional and can replace a product's photos; `nil` for a remote one.
    package var conditional: (any ConditionalProductUpdating)? = nil
    /// A v1 server keeps a password per item and checks it. For a product whose password this front end does not
    /// keep (listed elsewhere), the typed password is then the item's own, passed through for the server to check,
    /// and a miss counts against the product, not against the vendor's secret (which v1 does not have).
    package var productsHaveOwnPasswords = false
    /// Whether the market can make another photo the main one; a v1 server always shows the first.
    package var canChooseMainPhoto = true
    /// Whether the market can add, remove and reorder a product's photos: the embedded one.
    package var canArrangePhotos: Bool { conditional != nil }
    /// Reads a product's photos before a delete, so the console can restore it (`ProductRestoring`).
    package var keeping: (any DeletedProductKeeping)? = nil
    /// Edits and deletes of one product, each from its write to its history entry, one at a time: the entry is written
    /// after the market's commit, so two edits in turn could otherwise be entered the other way round, the history
    /// showing a change of a name it never had. Taken past the password and the throttle, so a refused guess (held back
    /// a second) never holds the product up. Within this process; instances on one PostgreSQL each keep their own.
    package let editTurns = TurnsByKey<Int>()

    /// Who asks, with what proof.
    package enum Requester: Sendable {
        /// A storefront visitor with the product's password (or, for products without one, the vendor's secret).
        case seller(password: String, client: String)
        /// The signed-in admin, acting with each product's owner's authority.
        case admin

        package var actor: AuditLog.Actor {
            switch self {
            case .seller(_, let client): .visitor(client: client)
            case .admin: .admin
            }
        }
    }

    /// Lists a product through the storefront's form with its own password.
    ///
    /// The history records the upload as pending under a creation key before the market is asked; the market
    /// keeps the key and the password with the product in one transaction. A crash at any moment leaves either
    /// no product, or a product its password deletes whose pending entry start-up completes (`recoverPendingCreates`).
    package func create(
        _ draft: ProductDraft, images: [ImageUpload], password: String, client: String
    ) async -> Result<ProductDetail, Refusal> {
        guard let vendor else { return .failure(.writesDisabled) }
        let actor = AuditLog.Actor.visitor(client: client)
        let creationKey = UUID().uuidString.lowercased()
        let eventID: Int64
        do {
            eventID = try await audit.beginCreate(actor: actor, productName: draft.name, creationKey: creationKey)
        } catch {
            return .failure(Refusal(error))
        }
        do {
            let created = try await passwords.createProduct(
                draft, images: images, password: password, creationKey: creationKey, market: market, vendor: vendor)
            try await audit.completeCreate(
                eventID: eventID, productID: created.id, productName: created.name, changes: AuditLog.Change.fields(of: created), outcome: .success)
            return .success(created)
        } catch {
            let refusal = Refusal(error)
            try? await audit.completeCreate(
                eventID: eventID, productID: nil, productName: draft.name, changes: [], outcome: refusal.isOurFailure ? .failed : .refused,
                detail: AuditReason(refusal).stored)
            return .failure(refusal)
        }
    }

    /// `stillAsShown`: whether the product is still as the requester's form showed it. On the embedded market the
    /// change is written only if so, decided in the market's own transaction; otherwise nothing is written and the
    /// refusal is `changedMeanwhile` with the product as it is now. `nil` writes whatever the product is (the API's
    /// last writer wins). A remote market has no conditional change: there the caller's comparison before is all there is.
    /// `photos`: the product's photos afterwards (the edit form's, or all new ones for a v1 app's PATCH), where the
    /// market can arrange them.
    package func update(
        _ product: ProductDetail, changes: ProductChanges, unlessChanged stillAsShown: (@Sendable (ProductDetail) -> Bool)? = nil, photos: PhotoArrangement? = nil,
        by requester: Requester
    ) async -> Result<ProductDetail, Refusal> {
        // What the change replaced: on the embedded market read in the change's own transaction, so each entry of the
        // history has its own change's old values, whatever raced it; in remote mode the product as read before.
        var before = product
        // The product's turn, from just before the write (past the password and the throttle) to its history entry.
        var holdsTurn = false
        defer { if holdsTurn { editTurns.pass(product.id) } }
        let result: Result<ProductDetail, Refusal>
        if case (.admin, .some) = (requester, photos) {
            result = .failure(.market(.unsupportedMedia("The console does not replace photos.")))
        } else if let conditional {
            func change(as writer: ProductWriter) async throws -> ProductDetail {
                if !holdsTurn {
                    await editTurns.take(product.id)
                    holdsTurn = true
                }
                switch try await conditional.updateProduct(id: product.id, changes: changes, arranging: photos, as: writer, if: stillAsShown) {
                case .updated(let replacement):
                    before = replacement.before
                    return replacement.after
                case .conflict(let current):
                    throw Refusal.changedMeanwhile(current: current)
                }
            }
            switch requester {
            case .admin:
                result = await Refusal.catching { try await change(as: .owner) }
            case .seller(let password, let client):
                result = await asSeller(productID: product.id, password: password, client: client) { credentials in
                    try await change(as: .vendor(credentials))
                }
            }
        } else {
            switch (requester, photos) {
            case (.admin, _):
                result = await Refusal.catching { try await admin.update(id: product.id, changes: changes) }
            case (.seller(let password, let client), nil):
                result = await asSeller(productID: product.id, password: password, client: client) { credentials in
                    try await market.updateProduct(id: product.id, changes: changes, credentials: credentials)
                }
            case (.seller, .some):
                result = .failure(.market(.unsupportedMedia("This market cannot replace a product's photos.")))
            }
        }
        // Photos replaced are a change of their own in the history: the thumbnails before and after.
        switch result {
        case .success(let updated):
            let photoChange = photos.map { AuditLog.Change.photos(from: before, to: updated, uploaded: $0.photos.count) }
            _ = try? await audit.record(
                actor: requester.actor, action: .update, productID: product.id, productName: updated.name,
                changes: AuditLog.Change.diff(from: before, to: updated) + (photoChange.map { [$0] } ?? []), outcome: .success)
        case .failure(.changedMeanwhile):
            // Nothing was tried on the product as it is: the requester sees the other change and decides again.
            break
        case .failure(let refusal):
            let photoChange = photos.map { AuditLog.Change.photos(from: before, to: nil, uploaded: $0.photos.count) }
            _ = try? await audit.record(
                actor: requester.actor, action: .update, productID: product.id, productName: product.name,
                changes: AuditLog.Change.requested(changes, current: product) + (photoChange.map { [$0] } ?? []),
                outcome: refusal.isOurFailure ? .failed : .refused, detail: AuditReason(refusal).stored)
        }
        return result
    }

    /// Deletes by id: a product that is not there is a refusal the history records too.
    package func delete(productID: Int, by requester: Requester) async -> Result<ProductDetail, Refusal> {
        do {
            return await delete(try await market.product(id: productID), by: requester)
        } catch {
            let refusal = Refusal(error)
            _ = try? await audit.record(
                actor: requester.actor, action: .delete, productID: productID, productName: "#\(productID)",
                outcome: refusal.isOurFailure ? .failed : .refused, detail: AuditReason(refusal).stored)
            return .failure(refusal)
        }
    }

    /// A product deleted here keeps its photos for `DeletedProducts.retention`, written with its history entry.
    package func delete(_ product: ProductDetail, by requester: Requester) async -> Result<ProductDetail, Refusal> {
        // The photos are read just before the delete — afterwards the market has nothing left to read — and only
        // once the requester got past the throttle and the password; only those of a delete that succeeds are kept.
        var keepsake: ProductKeepsake?
        // As an edit's: the product's turn from just before the delete to its history entry.
        var holdsTurn = false
        defer { if holdsTurn { editTurns.pass(product.id) } }
        func takeTurn() async {
            guard !holdsTurn else { return }
            await editTurns.take(product.id)
            holdsTurn = true
        }
        let result: Result<ProductDetail, Refusal>
        switch requester {
        case .admin:
            result = await Refusal.catching {
                keepsake = await keeping?.keepsake(of: product)
                await takeTurn()
                return try await admin.delete(id: product.id)
            }
        case .seller(let password, let client):
            result = await asSeller(productID: product.id, password: password, client: client) { credentials in
                keepsake = await keeping?.keepsake(of: product)
                await takeTurn()
                return try await market.deleteProduct(id: product.id, credentials: credentials)
            }
        }
        switch result {
        case .success(let deleted):
            try? await passwords.forget(productID: product.id)
            let kept = keepsake
            _ = try? await audit.record(
                actor: requester.actor, action: .delete, productID: product.id, productName: deleted.name,
                snapshot: AuditLog.Change.snapshot(of: deleted), outcome: .success,
                alongside: kept.map { .keepDeleted($0, productID: product.id, vendorID: product.vendorID) })
        case .failure(let refusal):
            _ = try? await audit.record(
                actor: requester.actor, action: .delete, productID: product.id, productName: product.name,
                outcome: refusal.isOurFailure ? .failed : .refused, detail: AuditReason(refusal).stored)
        }
        return result
    }

    /// Checks a seller's password without changing anything (v1 apps PATCH with only `password` to ask whether
    /// it is right): the same throttle and checks as a write, no history entry. The product as it is.
    package func verify(productID: Int, password: String, client: String) async -> Result<ProductDetail, Refusal> {
        await asSeller(productID: productID, password: password, client: client) { credentials in
            // Empty changes: the market checks the credentials (a vendor secret, for products without a password)
            // and the owner, and writes nothing new.
            try await market.updateProduct(id: productID, changes: ProductChanges(), credentials: credentials)
        }
    }

    /// The throttle first: a guess is reserved before it is checked (a refused one is not even checked), then the
    /// product's own password; a product without one takes the vendor's secret, which the market checks (on a v1
    /// server: the item's own password). Misses count per product and per vendor secret (see `GuessThrottle`), so a
    /// secret guarding many products is not guessed many times over.
    private func asSeller(
        productID: Int, password: String, client: String, write: (VendorCredentials) async throws -> ProductDetail
    ) async -> Result<ProductDetail, Refusal> {
        guard let vendor else { return .failure(.writesDisabled) }
        guard !password.isEmpty else { return .failure(.passwordMissing) }
        switch await checkOwnPassword(productID: productID, password: password, client: client) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(.matches):
            return await Refusal.catching { try await write(vendor) }
        case .success:
            // Nothing was guessed at the product's own password: the guess is at the secret the market checks.
            let secret = productsHaveOwnPasswords ? GuessThrottle.Subject.product(productID) : .vendor(vendor.identifier)
            let secretGuess: GuessThrottle.Guess
            switch await reserveGuess(client: client, subject: secret) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let reserved): secretGuess = reserved
            }
            let result = await Refusal.catching { try await write(VendorCredentials(identifier: vendor.identifier, secret: password)) }
            switch result {
            case .failure(.market(.unauthorized)):
                await secretGuess.settle(.wrong)
                return .failure(.passwordWrong)
            case .success:
                await secretGuess.settle(.right)
            case .failure:
                await secretGuess.settle(.undecided)
            }
            return result
        }
    }

    package init(
        market: any OpenMarketAPI, admin: any AdminMarket, passwords: ProductPasswords, audit: AuditLog, throttle: GuessThrottle,
        vendor: VendorCredentials?, conditional: (any ConditionalProductUpdating)? = nil,
        productsHaveOwnPasswords: Bool = false, canChooseMainPhoto: Bool = true, keeping: (any DeletedProductKeeping)? = nil
    ) {
        self.market = market
        self.admin = admin
        self.passwords = passwords
        self.audit = audit
        self.throttle = throttle
        self.vendor = vendor
        self.conditional = conditional
        self.productsHaveOwnPasswords = productsHaveOwnPasswords
        self.canChooseMainPhoto = canChooseMainPhoto
        self.keeping = keeping
    }
}
