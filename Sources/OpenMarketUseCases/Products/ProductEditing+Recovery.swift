import Foundation
import Logging
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketCore
import OpenMarketWebState

extension ProductEditing {
    /// Finishes uploads a crash interrupted: each create still pending in the history is completed from what the
    /// market says of its creation key — listed (then with the product's fields), or not. Runs before the
    /// server answers, so the history never shows a pending entry for long.
    package func recoverPendingCreates(logger: Logger) async throws {
        for pending in try await audit.pendingCreates() {
            switch try await passwords.lookUp(creationKey: pending.creationKey) {
            case .made(let id):
                let product = try? await market.product(id: id)
                try await audit.completeCreate(
                    eventID: pending.eventID, productID: id, productName: product?.name ?? pending.productName,
                    changes: product.map(AuditLog.Change.fields(of:)) ?? [], outcome: .success,
                    detail: AuditReason.uploadCompletedAtStartUp.stored)
                logger.notice("Recorded an upload a restart interrupted", metadata: ["product": "\(id)"])
            case .notMade:
                try await audit.completeCreate(
                    eventID: pending.eventID, productID: nil, productName: pending.productName, changes: [], outcome: .failed,
                    detail: AuditReason.uploadNotListed.stored)
            case .unknown:
                try await audit.completeCreate(
                    eventID: pending.eventID, productID: nil, productName: pending.productName, changes: [], outcome: .failed,
                    detail: AuditReason.uploadUnknown.stored)
                logger.warning("An upload was interrupted; the remote market cannot say whether it was listed", metadata: [
                    "name": "\(pending.productName)",
                ])
            }
        }
    }
}

extension ProductPasswords {
    /// Passwords the front end kept before the market kept them: moved into the market, once.
    package func adoptFrontEndPasswords(from storage: any ProductPasswordStorage, logger: Logger) async throws {
        guard case .market(let keeping) = keeper, let market = keeping as? any FrontEndPasswordAdopting else { return }
        let hashes = try await storage.allProductPasswordHashes()
        guard !hashes.isEmpty else { return }
        let adopted = try await market.adoptProductPasswordHashes(hashes)
        try await storage.removeAllProductPasswords()
        logger.notice("Moved product passwords into the market", metadata: ["adopted": "\(adopted)", "kept before": "\(hashes.count)"])
    }
}

/// The embedded market can take over password hashes kept elsewhere before.
package typealias FrontEndPasswordAdopting = ProductPasswordAdopting
