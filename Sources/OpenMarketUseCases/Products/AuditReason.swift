import Foundation
import OpenMarketCore

/// Why a history entry is not a plain success, kept as a code with the few values its words need, so the console
/// says it in its reader's language whoever caused it. Stored as JSON: `{"reason":"throttled","seconds":30}`.
package enum AuditReason: Sendable, Equatable {
    case passwordMissing
    case passwordWrong
    case throttled(seconds: Int)
    case writesDisabled
    case storageFull
    case changedMeanwhile
    /// The market refused or failed. Only what its words need is kept: never a store's or server's own message,
    /// which goes to the log; a remote server's rule sentences stay (they are what it said).
    case market(OpenMarketError)
    /// Start-up finished work a crash interrupted (`recoverPendingCreates`, `recoverInterruptedRestores`).
    case uploadCompletedAtStartUp
    case uploadNotListed
    case uploadUnknown
    case restoreCompletedAtStartUp
    case restoreUnknown

    /// The refusal as the history keeps it.
    package init(_ refusal: ProductEditing.Refusal) {
        switch refusal {
        case .passwordMissing: self = .passwordMissing
        case .passwordWrong: self = .passwordWrong
        case .throttled(let seconds): self = .throttled(seconds: seconds)
        case .writesDisabled: self = .writesDisabled
        case .storageFull: self = .storageFull
        case .changedMeanwhile: self = .changedMeanwhile
        case .market(let error): self = .market(Self.withoutMessages(error))
        }
    }

    private static func withoutMessages(_ error: OpenMarketError) -> OpenMarketError {
        switch error {
        case .notFound: .notFound("")
        case .unauthorized: .unauthorized("")
        case .forbidden: .forbidden("")
        case .invalid(let violations): .invalid(violations)
        case .malformed: .malformed("")
        case .tooLarge: .tooLarge("")
        case .unsupportedMedia: .unsupportedMedia("")
        case .upstreamStatus(let status, _): .upstreamStatus(status, bodyExcerpt: "")
        case .timeout: .timeout
        case .unreachable: .unreachable("")
        case .undecodableResponse: .undecodableResponse("")
        case .storeFailure: .storeFailure("")
        case .storageFull: .storageFull
        case .unavailable(let seconds): .unavailable(retryAfterSeconds: seconds)
        }
    }
}

extension AuditReason {
    /// The stored form, for `AuditLog`'s detail.
    package var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(Stored(self)) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A stored detail read back; `nil` for what is not a code (older entries kept words: see the history page).
    package init?(stored: String) {
        guard stored.hasPrefix("{"), let decoded = try? JSONDecoder().decode(Stored.self, from: Data(stored.utf8)),
            let reason = decoded.value
        else { return nil }
        self = reason
    }

    /// The JSON shape: a reason's name and its values, each optional.
    private struct Stored: Codable {
        var reason: String
        var seconds: Int?
        var status: Int?
        var violations: [Violation]?

        struct Violation: Codable {
            var field: OpenMarketError.Field?
            var message: String
            var rule: ProductRule?
        }

        init(_ reason: AuditReason) {
            switch reason {
            case .passwordMissing: self.reason = "passwordMissing"
            case .passwordWrong: self.reason = "passwordWrong"
            case .throttled(let seconds): (self.reason, self.seconds) = ("throttled", seconds)
            case .writesDisabled: self.reason = "writesDisabled"
            case .storageFull: self.reason = "storageFull"
            case .changedMeanwhile: self.reason = "changedMeanwhile"
            case .uploadCompletedAtStartUp: self.reason = "uploadCompletedAtStartUp"
            case .uploadNotListed: self.reason = "uploadNotListed"
            case .uploadUnknown: self.reason = "uploadUnknown"
            case .restoreCompletedAtStartUp: self.reason = "restoreCompletedAtStartUp"
            case .restoreUnknown: self.reason = "restoreUnknown"
            case .market(let error):
                switch error {
                case .notFound: self.reason = "market.notFound"
                case .unauthorized: self.reason = "market.unauthorized"
                case .forbidden: self.reason = "market.forbidden"
                case .invalid(let violations):
                    self.reason = "market.invalid"
                    self.violations = violations.map { Violation(field: $0.field, message: $0.message, rule: $0.rule) }
                case .malformed: self.reason = "market.malformed"
                case .tooLarge: self.reason = "market.tooLarge"
                case .unsupportedMedia: self.reason = "market.unsupportedMedia"
                case .upstreamStatus(let status, _): (self.reason, self.status) = ("market.upstreamStatus", status)
                case .timeout: self.reason = "market.timeout"
                case .unreachable: self.reason = "market.unreachable"
                case .undecodableResponse: self.reason = "market.undecodableResponse"
                case .storeFailure: self.reason = "market.storeFailure"
                case .storageFull: self.reason = "market.storageFull"
                case .unavailable(let seconds): (self.reason, self.seconds) = ("market.unavailable", seconds)
                }
            }
        }

        /// `nil` for a name this version does not know.
        var value: AuditReason? {
            switch self.reason {
            case "passwordMissing": .passwordMissing
            case "passwordWrong": .passwordWrong
            case "throttled": seconds.map { .throttled(seconds: $0) }
            case "writesDisabled": .writesDisabled
            case "storageFull": .storageFull
            case "changedMeanwhile": .changedMeanwhile
            case "uploadCompletedAtStartUp": .uploadCompletedAtStartUp
            case "uploadNotListed": .uploadNotListed
            case "uploadUnknown": .uploadUnknown
            case "restoreCompletedAtStartUp": .restoreCompletedAtStartUp
            case "restoreUnknown": .restoreUnknown
            case "market.notFound": .market(.notFound(""))
            case "market.unauthorized": .market(.unauthorized(""))
            case "market.forbidden": .market(.forbidden(""))
            case "market.invalid":
                .market(.invalid((violations ?? []).map { stored in
                    var violation = OpenMarketError.Violation(field: stored.field, message: stored.message)
                    violation.rule = stored.rule
                    return violation
                }))
            case "market.malformed": .market(.malformed(""))
            case "market.tooLarge": .market(.tooLarge(""))
            case "market.unsupportedMedia": .market(.unsupportedMedia(""))
            case "market.upstreamStatus": status.map { .market(.upstreamStatus($0, bodyExcerpt: "")) }
            case "market.timeout": .market(.timeout)
            case "market.unreachable": .market(.unreachable(""))
            case "market.undecodableResponse": .market(.undecodableResponse(""))
            case "market.storeFailure": .market(.storeFailure(""))
            case "market.storageFull": .market(.storageFull)
            case "market.unavailable": seconds.map { .market(.unavailable(retryAfterSeconds: $0)) }
            default: nil
            }
        }
    }
}
