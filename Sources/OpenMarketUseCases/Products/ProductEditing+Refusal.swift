import OpenMarketCore
import OpenMarketWebState

extension ProductEditing {
    /// Why a write did not happen: a code the pages put into words (`AuditReason` is how the history keeps it).
    package enum Refusal: Error, Sendable, Equatable {
        case passwordMissing
        case passwordWrong
        case throttled(seconds: Int)
        /// This front end has no vendor credentials (remote mode without them).
        case writesDisabled
        /// A disk is full; nothing was written.
        case storageFull
        /// The market refused or failed (rules, photos, another vendor's product, upstream trouble).
        case market(OpenMarketError)
        /// The product is no longer as the requester's form showed it (another change came first): nothing was
        /// written. The product as it is now.
        case changedMeanwhile(current: ProductDetail)

        package init(_ error: any Error) {
            switch error {
            case let refusal as Refusal: self = refusal
            case OpenMarketError.storageFull: self = .storageFull
            case let error as OpenMarketError: self = .market(error)
            case let error where StorageErrors.isDiskFull(error): self = .storageFull
            default: self = .market(.storeFailure(String(describing: error)))
            }
        }

        package static func catching(_ body: () async throws -> ProductDetail) async -> Result<ProductDetail, Refusal> {
            do {
                return .success(try await body())
            } catch {
                return .failure(Refusal(error))
            }
        }

        /// Our side failed (disk, bug, upstream down) rather than the request being refused.
        package var isOurFailure: Bool {
            switch self {
            case .storageFull: true
            case .market(.storeFailure), .market(.timeout), .market(.unreachable), .market(.upstreamStatus), .market(.undecodableResponse),
                .market(.unavailable):
                true
            default: false
            }
        }
    }
}
