import Foundation
import Logging
import OpenMarketCore
import OpenMarketStore
import OpenMarketWebState

/// Lists a deleted product again from its history: the fields of the delete's snapshot, the photos and own
/// password kept with it (`DeletedProducts`), as the vendor it belonged to. The history records the restore,
/// linking the new product to the deleted one; a product is restored once, however often it is asked.
package struct ProductRestoring: Sendable {
    package let audit: AuditLog
    package let deleted: DeletedProducts
    package let keeping: any DeletedProductKeeping
    /// The deleted product's questions, which stay kept under its id: restored under another (a remote market's
    /// new id), they move to it.
    package var questions: (any ProductQuestionStorage)? = nil

    /// Why a restore did not happen.
    package enum Refusal: Error, Sendable, Equatable {
        /// No such delete in the history (or one that did not delete anything).
        case notFound
        /// Nothing was kept for it: deleted before photos were kept, photos elsewhere, or past `retention`.
        case photosNotKept(expired: Bool)
        case alreadyRestored(productID: Int)
        case restoring
        /// The snapshot no longer makes a valid product (the rules changed); nothing was listed.
        case snapshotUnreadable
        case market(ProductEditing.Refusal)
    }

    package func restore(eventID: Int64) async -> Result<ProductDetail, Refusal> {
        let event: AuditLog.Event
        do {
            guard let found = try await audit.event(id: eventID), found.action == .delete, found.outcome == .success,
                found.productID != nil, let snapshot = found.snapshot, !snapshot.isEmpty
            else { return .failure(.notFound) }
            event = found
        } catch {
            return .failure(.market(ProductEditing.Refusal(error)))
        }
        let claim: DeletedProducts.Claim
        do {
            switch try await deleted.claim(eventID: eventID) {
            case .success(let claimed): claim = claimed
            case .failure(.notKept): return .failure(.photosNotKept(expired: event.at.addingTimeInterval(DeletedProducts.retention) <= Date()))
            case .failure(.restoring): return .failure(.restoring)
            case .failure(.restored(let id)): return .failure(.alreadyRestored(productID: id))
            }
        } catch {
            return .failure(.market(ProductEditing.Refusal(error)))
        }
        guard let draft = Self.draft(from: event.snapshot ?? []) else {
            try? await deleted.release(eventID: eventID)
            return .failure(.snapshotUnreadable)
        }
        do {
            let restored = try await keeping.relist(draft, keepsake: claim.keepsake, vendorID: claim.vendorID, creationKey: claim.restoreKey, formerID: claim.deletedProductID)
            _ = try? await audit.record(
                actor: .admin, action: .restore, productID: restored.id, productName: restored.name,
                changes: AuditLog.Change.fields(of: restored), relatedProductID: claim.deletedProductID, outcome: .success,
                alongside: .completeRestore(eventID: eventID, restoredProductID: restored.id))
            if restored.id != claim.deletedProductID { try? await questions?.moveQuestions(fromProduct: claim.deletedProductID, toProduct: restored.id) }
            return .success(restored)
        } catch {
            let refusal = ProductEditing.Refusal(error)
            try? await deleted.release(eventID: eventID)
            _ = try? await audit.record(
                actor: .admin, action: .restore, productID: claim.deletedProductID, productName: event.productName,
                outcome: refusal.isOurFailure ? .failed : .refused, detail: AuditReason(refusal).stored)
            return .failure(.market(refusal))
        }
    }

    /// The product as the delete's snapshot recorded it; its main photo is kept with the photos.
    package static func draft(from snapshot: [AuditLog.Change]) -> ProductDraft? {
        let values = Dictionary(snapshot.map { ($0.field, $0.new ?? "") }, uniquingKeysWith: { first, _ in first })
        guard let name = values["name"], let description = values["description"],
            let price = values["price"].flatMap(Self.amount), let currency = values["currency"].flatMap(Currency.init(rawValue:)),
            let discount = values["discounted_price"].flatMap(Self.amount), let stock = values["stock"].flatMap(Int.init)
        else { return nil }
        return ProductDraft(name: name, description: description, price: price, currency: currency, discountedPrice: discount, stock: stock)
    }

    /// An amount as the history keeps it (`35000`, `12.5`; older entries may group thousands).
    private static func amount(_ text: String) -> Decimal? {
        let cleaned = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX")), value.isFinite
        else { return nil }
        return value
    }

    /// Completes restores a crash interrupted, from what the market says of their creation keys: made (recorded
    /// now), not made (may be restored again), or unknown on a remote market (released, and said in the log and
    /// the history, as a second restore could list the product twice).
    package func recoverInterruptedRestores(logger: Logger) async throws {
        for pending in try await deleted.interruptedRestores() {
            guard let event = try await audit.event(id: pending.eventID) else { continue }
            switch try await keeping.lookUp(creationKey: pending.restoreKey) {
            case .made(let id):
                try await audit.record(
                    actor: .admin, action: .restore, productID: id, productName: event.productName, relatedProductID: event.productID,
                    outcome: .success, detail: AuditReason.restoreCompletedAtStartUp.stored,
                    alongside: .completeRestore(eventID: pending.eventID, restoredProductID: id))
                logger.notice("Recorded a restore a restart interrupted", metadata: ["product": "\(id)"])
            case .notMade:
                try await deleted.release(eventID: pending.eventID)
            case .unknown:
                try await deleted.release(eventID: pending.eventID)
                try await audit.record(
                    actor: .admin, action: .restore, productID: event.productID, productName: event.productName, outcome: .failed,
                    detail: AuditReason.restoreUnknown.stored)
                logger.warning("A restore was interrupted; the remote market cannot say whether it was listed", metadata: [
                    "name": "\(event.productName)",
                ])
            }
        }
    }

    package init(audit: AuditLog, deleted: DeletedProducts, keeping: any DeletedProductKeeping, questions: (any ProductQuestionStorage)? = nil) {
        self.audit = audit
        self.deleted = deleted
        self.keeping = keeping
        self.questions = questions
    }
}
