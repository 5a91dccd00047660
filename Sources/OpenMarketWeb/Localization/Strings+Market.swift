import OpenMarketCore

/// The market's refusals and failures said in the page's language. The market — ours or a remote one — speaks
/// English sentences; a Korean page shows none of them, an English page may add the market's own words.
extension Strings {
    private var speaksKorean: Bool { language == .korean }

    /// A rule the market named no code for (a remote server's sentence), said by the field it is about.
    func errMarketRefused(field: OpenMarketError.Field?, message: String) -> String {
        let label = field.map { FieldLabel.text($0 == .secret ? "password" : $0.rawValue, language) }
        if speaksKorean {
            return label.map { "마켓 서버가 ‘\($0)’ 값을 받지 않았습니다. 입력한 내용을 확인해 주세요." }
                ?? "마켓 서버가 입력한 내용을 받지 않았습니다. 확인한 뒤 다시 시도해 주세요."
        }
        let said = message.isEmpty ? "" : " It said: \(message)"
        return label.map { "The market did not accept the \($0.lowercased()).\(said)" } ?? "The market did not accept the form.\(said)"
    }

    var errMarketPhotoTooLarge: String {
        speaksKorean
            ? "마켓 서버가 사진이 너무 크다며 받지 않았습니다. 더 작은 사진을 골라 주세요."
            : "The market refused a photo as too large. Choose a smaller photo."
    }

    var errMarketPhotoUnreadable: String {
        speaksKorean
            ? "마켓 서버가 사진을 읽지 못했습니다. JPEG, PNG, GIF, WebP, HEIC 사진을 골라 주세요."
            : "The market could not read a photo. Choose a JPEG, PNG, GIF, WebP or HEIC photo."
    }

    /// Any market error as one sentence for people: the history's details and the console's results.
    func marketError(_ error: OpenMarketError) -> String {
        switch error {
        case .notFound:
            speaksKorean ? "상품이 없습니다. 이미 삭제되었을 수 있습니다." : "The product does not exist; it may have been deleted."
        case .unauthorized:
            speaksKorean ? "마켓 서버가 판매자 인증을 받아들이지 않았습니다." : "The market did not accept the seller's credentials."
        case .forbidden:
            errOtherVendor
        case .invalid(let violations):
            violations.map { message(for: $0) }.joined(separator: " ")
        case .malformed:
            speaksKorean ? "마켓 서버가 요청을 읽지 못했습니다." : "The market could not read the request."
        case .tooLarge:
            errMarketPhotoTooLarge
        case .unsupportedMedia:
            errMarketPhotoUnreadable
        case .upstreamStatus(let status, _):
            speaksKorean ? "마켓 서버가 오류(\(status))로 답했습니다." : "The market server answered with an error (\(status))."
        case .timeout:
            errorTimeoutMessage
        case .unreachable, .undecodableResponse:
            errorBadGatewayMessage
        case .storeFailure:
            speaksKorean ? "마켓의 저장소에서 문제가 생겼습니다." : "The market's storage failed."
        case .storageFull:
            errStorageFull
        case .unavailable:
            speaksKorean ? "마켓의 데이터베이스가 응답하지 않습니다. 잠시 후 다시 시도하세요." : "The market's database is not answering; try again in a moment."
        }
    }
}
