import OpenMarketCore

/// The market's refusals and failures said in the page's language. The market — ours or a remote one — speaks
/// English sentences; a Korean page shows none of them, an English page may add the market's own words.
extension Strings {
    /// A rule the market named no code for (a remote server's sentence), said by the field it is about.
    package func errMarketRefused(field: OpenMarketError.Field?, message: String) -> String {
        let label = field.map { FieldLabel.text($0 == .secret ? "password" : $0.rawValue, language) }
        let refused = label.map { filling(.marketRefusedField, ["field": $0.lowercased()]) } ?? self[.marketRefusedForm]
        // The market speaks English: its own words are added on pages whose readers read it (`showMarketWords`).
        return !showsMarketWords || message.isEmpty ? refused : refused + " " + filling(.marketSaid, ["message": message])
    }

    /// Whether this language's pages add the market's own (English) sentences after ours.
    package var showsMarketWords: Bool { self[.showMarketWords] == "yes" }

    /// Any market error as one sentence for people: the history's details and the console's results.
    package func marketError(_ error: OpenMarketError) -> String {
        switch error {
        case .notFound:
            self[.marketNotFound]
        case .unauthorized:
            self[.marketUnauthorized]
        case .forbidden:
            self[.errOtherVendor]
        case .invalid(let violations):
            violations.map { message(for: $0) }.joined(separator: " ")
        case .malformed:
            self[.marketMalformed]
        case .tooLarge:
            self[.errMarketPhotoTooLarge]
        case .unsupportedMedia:
            self[.errMarketPhotoUnreadable]
        case .upstreamStatus(let status, _):
            filling(.marketStatus, ["status": String(status)])
        case .timeout:
            self[.errorTimeoutMessage]
        case .unreachable, .undecodableResponse:
            self[.errorBadGatewayMessage]
        case .storeFailure:
            self[.marketStoreFailure]
        case .storageFull:
            self[.errStorageFull]
        case .unavailable:
            self[.marketUnavailable]
        }
    }
}
