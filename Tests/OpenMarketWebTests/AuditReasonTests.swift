import Foundation
import HummingbirdTesting
import OpenMarketCore
import OpenMarketTexts
@testable import OpenMarketUseCases
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The history keeps why an entry is not a success as a code (`AuditReason`), and the console says it in its
/// reader's language; entries written before codes still read.
@Suite("History reasons as codes", .timeLimit(.minutes(3)))
struct AuditReasonTests {
    static let everyKind: [AuditReason] = [
        .passwordMissing, .passwordWrong, .throttled(seconds: 42), .writesDisabled, .storageFull, .changedMeanwhile,
        .uploadCompletedAtStartUp, .uploadNotListed, .uploadUnknown, .restoreCompletedAtStartUp, .restoreUnknown,
        .market(.notFound("")), .market(.unauthorized("")), .market(.forbidden("")), .market(.malformed("")),
        .market(.tooLarge("")), .market(.unsupportedMedia("")), .market(.upstreamStatus(502, bodyExcerpt: "")), .market(.timeout),
        .market(.unreachable("")), .market(.undecodableResponse("")), .market(.storeFailure("")), .market(.storageFull),
        .market(.unavailable(retryAfterSeconds: 3)),
        .market(.invalid([
            OpenMarketError.Violation(.imagePixels(position: 2, width: 9000, height: 9000)),
            OpenMarketError.Violation(.pricePrecision(.krw)),
            OpenMarketError.Violation(field: .stock, message: "stock must be a whole number"),
        ])),
    ]

    @Test func everyReasonReadsBackAsItWasKept() throws {
        for reason in Self.everyKind {
            let stored = reason.stored
            #expect(stored.hasPrefix("{\"reason\":"), "\(reason)")
            #expect(AuditReason(stored: stored) == reason, "\(stored)")
        }
        #expect(Set(Self.everyKind.map(\.stored)).count == Self.everyKind.count, "each kind is its own code")
        #expect(AuditReason(stored: #"{"reason":"fromALaterVersion"}"#) == nil)
        #expect(AuditReason(stored: "plain words") == nil)
        #expect(AuditReason(stored: #"{"en":"words","ko":"말"}"#) == nil)
    }

    @Test func aRefusalKeepsWhatItsWordsNeedAndNoServersMessage() {
        let failure = AuditReason(.market(.storeFailure("SQLITE_IOERR: /var/lib/openmarket/secret-path")))
        #expect(failure == .market(.storeFailure("")) && !failure.stored.contains("secret-path"))
        let status = AuditReason(.market(.upstreamStatus(503, bodyExcerpt: "<html>internal trace</html>")))
        #expect(status.stored.contains("503") && !status.stored.contains("internal trace"))
        let remote = AuditReason(.market(.invalid([OpenMarketError.Violation(field: .name, message: "name too long")])))
        #expect(remote.stored.contains("name too long"), "a remote market's rule sentence is what it said")
        #expect(AuditReason(.changedMeanwhile(current: AuditLogTests.product(stock: 1))) == .changedMeanwhile)
        #expect(AuditReason(.throttled(seconds: 9)) == .throttled(seconds: 9))
    }

    @Test func theConsoleSaysEachReasonInItsReadersLanguage() {
        for reason in Self.everyKind {
            let korean = reason.words(.korean), english = reason.words(.english)
            #expect(!korean.isEmpty && !english.isEmpty && korean != english, "\(reason)")
        }
        #expect(AuditReason.throttled(seconds: 42).words(.korean) == Language.korean.strings.errTooManyAttempts(seconds: 42))
        #expect(AuditReason.restoreUnknown.words(.english) == Language.english.adminStrings[.historyRestoreUnknown])
        let rule = AuditReason.market(.invalid([OpenMarketError.Violation(.nameBlank)]))
        #expect(rule.words(.korean) == Language.korean.strings[.errNameBlank])
    }

    @Test func olderEntriesAndStartUpNotesReadInTheReadersLanguage() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(AdminClient.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            var admin = try await AdminClient.signedIn(client)
            let audit = AuditLog(database: try WebDatabase.open(path: directory.appending(path: "web.sqlite").path))
            // Written before codes: words in every language, and a start-up note in English.
            try await audit.record(
                actor: .admin, action: .delete, productID: 3, productName: "Old", outcome: .refused, detail: #"{"en":"Older words","ko":"예전 기록"}"#)
            try await audit.record(
                actor: .admin, action: .restore, productID: 4, productName: "Older", outcome: .failed,
                detail: "Interrupted; the remote market cannot say whether it listed the product again. Check before restoring again.")
            try await audit.record(actor: .admin, action: .create, productID: 5, productName: "Plain", outcome: .failed, detail: "Some plain note")
            try await audit.record(
                actor: .visitor(client: "127.0.0.1"), action: .update, productID: 6, productName: "New", outcome: .refused,
                detail: AuditReason.throttled(seconds: 42).stored)
            try await audit.record(
                actor: .admin, action: .update, productID: 7, productName: "Rule", outcome: .refused,
                detail: AuditReason.market(.invalid([OpenMarketError.Violation(.nameBlank)])).stored)

            let korean = try await admin.get("/admin/history").text
            for words in [
                "예전 기록", Language.korean.adminStrings[.historyRestoreUnknown], "Some plain note",
                Language.korean.strings.errTooManyAttempts(seconds: 42), Language.korean.strings[.errNameBlank],
            ] {
                #expect(korean.contains("<small>\(words)</small>"), "\(words)")
            }
            try await admin.get("/language/en?return=/admin/history")
            let english = try await admin.get("/admin/history").text
            for words in [
                "Older words", Language.english.adminStrings[.historyRestoreUnknown], "Some plain note",
                Language.english.strings.errTooManyAttempts(seconds: 42), Language.english.strings[.errNameBlank],
            ] {
                #expect(english.contains("<small>\(words)</small>"), "\(words)")
            }
            #expect(!english.contains("{&quot;reason") && !korean.contains("{&quot;reason"), "no code is shown as it is kept")
        }
    }
}
