import OpenMarketTexts

/// One-time messages shown after a redirect; only these fixed keys travel in the cookie, never text.
enum Flash: String, Sendable {
    case created, updated, deleted, restored
    case liked, unliked, recentCleared
    case questionAsked, questionAnswered, questionDeleted

    static let cookieName = "flash"

    func message(_ strings: Strings) -> String {
        switch self {
        case .created: strings[.flashCreated]
        case .updated: strings[.flashUpdated]
        case .deleted: strings[.flashDeleted]
        case .liked: strings[.flashLiked]
        case .unliked: strings[.flashUnliked]
        case .recentCleared: strings[.flashRecentCleared]
        case .restored: strings[.flashRestored]
        case .questionAsked: strings.language.questionTexts[.flashAsked]
        case .questionAnswered: strings.language.questionTexts[.flashAnswered]
        case .questionDeleted: strings.language.questionTexts[.flashDeleted]
        }
    }
}
