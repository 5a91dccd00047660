import OpenMarketTemplating

/// The texts of product questions (상품 문의), one row per text with both languages side by side: a text cannot
/// lack a language, and templates read them by the row's name (`{{q.askButton}}`).
struct QuestionTexts: Sendable {
    enum Key: String, CaseIterable, Sendable {
        case heading, askHeading, fieldNickname, nicknameHint, fieldQuestion, questionHint, fieldPassword, passwordHint
        case privateLabel, privateHint, askButton, noQuestions, privateQuestion, answered, waiting, sellerAnswer, manage
        case newestOnly, pageTitle, askerHeading, askerPasswordHint, readButton, deleteButton, sellerHeading
        case sellerPasswordHint, fieldAnswer, answerHint, answerButton, backToProduct, askLink, revealed
        case errNicknameLength, errNicknameCharacters, errQuestionLength, errTextCharacters, errPasswordLength
        case errAnswerLength, errTooManyQuestions, errNotFound, errUnavailable
        case flashAsked, flashAnswered, flashDeleted
        case consoleTitle, consoleCaption, columnNickname, columnQuestion, columnAnswer, columnState, stateShown, stateHidden
        case hideButton, showButton, consoleEmpty, olderQuestions, newestQuestions, privateMark

        var korean: String { texts.korean }
        var english: String { texts.english }

        private var texts: (korean: String, english: String) {
            switch self {
            case .heading: ("상품 문의", "Questions")
            case .askHeading: ("판매자에게 문의하기", "Ask the seller")
            case .fieldNickname: ("닉네임", "Nickname")
            case .nicknameHint: ("2~20자. 문의와 함께 보입니다.", "2–20 characters, shown with your question.")
            case .fieldQuestion: ("문의 내용", "Your question")
            case .questionHint: ("500자까지. 링크는 글자로만 보입니다.", "Up to 500 characters. Links show as plain text.")
            case .fieldPassword: ("비밀번호", "Password")
            case .passwordHint: ("4자 이상. 이 문의를 나중에 보거나 지울 때 씁니다.", "At least 4 characters, to read or delete this question later.")
            case .privateLabel: ("비밀글", "Private")
            case .privateHint: ("판매자와 나만 볼 수 있습니다.", "Only the seller and you can read it.")
            case .askButton: ("문의 남기기", "Send question")
            case .noQuestions: ("아직 문의가 없습니다. 궁금한 점을 판매자에게 물어보세요.", "No questions yet. Ask the seller anything.")
            case .privateQuestion: ("비밀글입니다.", "This question is private.")
            case .answered: ("답변 완료", "Answered")
            case .waiting: ("답변 대기", "Waiting for an answer")
            case .sellerAnswer: ("판매자 답변", "Seller's answer")
            case .manage: ("보기 · 답변 · 삭제", "Read, answer or delete")
            case .newestOnly: ("최근 문의만 보입니다.", "Only the latest questions are shown.")
            case .pageTitle: ("상품 문의", "Question about a product")
            case .askerHeading: ("문의를 남긴 분", "If you asked it")
            case .askerPasswordHint: ("문의를 남길 때 정한 비밀번호", "The password you chose when asking")
            case .readButton: ("내용 보기", "Read it")
            case .deleteButton: ("문의 삭제", "Delete the question")
            case .sellerHeading: ("판매자", "If you are the seller")
            case .sellerPasswordHint: ("상품을 등록할 때 정한 비밀번호", "The password you chose when listing the product")
            case .fieldAnswer: ("답변", "Answer")
            case .answerHint: ("1,000자까지. 이미 단 답변은 새 답변으로 바뀝니다.", "Up to 1,000 characters. A new answer replaces the earlier one.")
            case .answerButton: ("답변 등록", "Post the answer")
            case .backToProduct: ("상품으로 돌아가기", "Back to the product")
            case .askLink: ("문의하기", "Ask")
            case .revealed: ("비밀번호를 확인해 이 화면에만 보여 드립니다.", "Shown on this page only, after checking the password.")
            case .errNicknameLength: ("닉네임은 2~20자로 써 주세요.", "Write a nickname of 2–20 characters.")
            case .errNicknameCharacters: ("닉네임에 보이지 않는 문자는 쓸 수 없습니다.", "A nickname cannot hold invisible characters.")
            case .errQuestionLength: ("문의는 1~500자로 써 주세요.", "Write a question of 1–500 characters.")
            case .errTextCharacters: ("보이지 않는 제어 문자는 쓸 수 없습니다.", "Invisible control characters cannot be used.")
            case .errPasswordLength: ("비밀번호는 4자 이상, 72바이트 이하로 정해 주세요.", "Choose a password of at least 4 characters and at most 72 bytes.")
            case .errAnswerLength: ("답변은 1~1,000자로 써 주세요.", "Write an answer of 1–1,000 characters.")
            case .errTooManyQuestions:
                ("한 시간에 문의는 10개까지 남길 수 있습니다. 잠시 후 다시 남겨 주세요.", "You can ask 10 questions an hour. Please try again later.")
            case .errNotFound: ("문의를 찾을 수 없습니다. 삭제되었거나 숨겨졌습니다.", "The question is not there: it was deleted or hidden.")
            case .errUnavailable: ("문의를 지금 저장할 수 없습니다. 잠시 후 다시 시도해 주세요.", "Questions cannot be saved right now. Please try again shortly.")
            case .flashAsked: ("문의를 남겼습니다.", "Your question was sent.")
            case .flashAnswered: ("답변을 등록했습니다.", "Your answer was posted.")
            case .flashDeleted: ("문의를 삭제했습니다.", "The question was deleted.")
            case .consoleTitle: ("상품 문의", "Questions")
            case .consoleCaption: ("최근 문의 (비밀글 포함)", "Latest questions (private ones included)")
            case .columnNickname: ("닉네임", "Nickname")
            case .columnQuestion: ("문의 내용", "Question")
            case .columnAnswer: ("답변", "Answer")
            case .columnState: ("상태", "State")
            case .stateShown: ("보임", "Shown")
            case .stateHidden: ("숨김", "Hidden")
            case .hideButton: ("숨기기", "Hide")
            case .showButton: ("다시 보이기", "Show again")
            case .consoleEmpty: ("아직 문의가 없습니다.", "No questions yet.")
            case .olderQuestions: ("더 이전 →", "Older →")
            case .newestQuestions: ("최신 문의", "Newest")
            case .privateMark: ("비밀글", "Private")
            }
        }
    }

    let language: Language

    subscript(_ key: Key) -> String {
        language == .korean ? key.korean : key.english
    }

    func count(_ total: Int, format: Formatting) -> String {
        language == .korean ? "문의 \(format.number(total))개" : (total == 1 ? "1 question" : "\(format.number(total)) questions")
    }

    func unanswered(_ count: Int, format: Formatting) -> String {
        language == .korean
            ? "답변을 기다리는 문의 \(format.number(count))개" : (count == 1 ? "1 question waits for your answer" : "\(format.number(count)) questions wait for your answer")
    }

    /// The texts as templates read them, built once per language.
    var templateTexts: TemplateTexts {
        language == .korean ? Self.koreanTexts : Self.englishTexts
    }

    private static let koreanTexts = TemplateTexts(Key.allCases.map { ($0.rawValue, $0.korean) })
    private static let englishTexts = TemplateTexts(Key.allCases.map { ($0.rawValue, $0.english) })
}

extension Language {
    var questionTexts: QuestionTexts { QuestionTexts(language: self) }
}
