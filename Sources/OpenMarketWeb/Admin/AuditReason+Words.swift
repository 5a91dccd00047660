import Foundation
import OpenMarketTexts
import OpenMarketUseCases

extension AuditReason {
    /// The reason in the reader's language: a refusal as the requester was told it, a start-up note as staff read it.
    func words(_ language: Language) -> String {
        let strings = language.strings
        let a = language.adminStrings
        return switch self {
        case .passwordMissing: strings[.errPasswordRequired]
        case .passwordWrong: strings[.errPasswordWrong]
        case .throttled(let seconds): strings.errTooManyAttempts(seconds: seconds)
        case .writesDisabled: strings[.writesDisabled]
        case .storageFull: strings[.errStorageFull]
        case .changedMeanwhile: strings[.conflictTitle]
        case .market(let error): strings.marketError(error)
        case .uploadCompletedAtStartUp: a[.historyUploadRecovered]
        case .uploadNotListed: a[.historyUploadNotListed]
        case .uploadUnknown: a[.historyUploadUnknown]
        case .restoreCompletedAtStartUp: a[.historyRestoreRecovered]
        case .restoreUnknown: a[.historyRestoreUnknown]
        }
    }

    /// A history entry's stored detail as the console shows it. Entries from before codes kept words: the start-up
    /// notes in English (read back as their codes), refusals in every language (`{"en": …, "ko": …}`), or other
    /// plain text, shown as it is.
    static func text(_ stored: String, in language: Language) -> String {
        if let reason = AuditReason(stored: stored) ?? legacyNotes[stored] { return reason.words(language) }
        guard stored.hasPrefix("{"), let texts = try? JSONDecoder().decode([String: String].self, from: Data(stored.utf8)) else { return stored }
        return texts[language.rawValue] ?? texts[Language.korean.rawValue] ?? stored
    }

    private static let legacyNotes: [String: AuditReason] = [
        "Completed at start-up: the server stopped before the upload was recorded.": .uploadCompletedAtStartUp,
        "Interrupted before the product was listed; nothing was stored.": .uploadNotListed,
        "Interrupted; the remote market cannot say whether it listed the product.": .uploadUnknown,
        "Completed at start-up: the server stopped before the restore was recorded.": .restoreCompletedAtStartUp,
        "Interrupted; the remote market cannot say whether it listed the product again. Check before restoring again.": .restoreUnknown,
    ]
}
