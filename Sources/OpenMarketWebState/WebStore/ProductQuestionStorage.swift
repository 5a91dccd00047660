import Foundation

/// A buyer's question about a product (상품 문의) and the seller's answer. The OpenMarket API has no messages, so
/// the front end keeps them in its web store: the same on an embedded or a remote market, and on every instance.
package struct ProductQuestion: Sendable, Hashable {
    package var id: Int64
    package var productID: Int
    package var nickname: String
    package var text: String
    /// Shown only to its asker and the seller (비밀글), each proving it with their password.
    package var isPrivate: Bool
    package var askedAt: Date
    package var answer: String?
    package var answeredAt: Date?
    /// Hidden by staff: on no page but the console's.
    package var isHidden: Bool

    /// The question as a page for anyone may show it: a private one without its words or its answer's.
    package var shownToEveryone: ProductQuestion {
        guard isPrivate else { return self }
        var shown = self
        shown.text = ""
        shown.answer = answer.map { _ in "" }
        return shown
    }

    package init(
        id: Int64, productID: Int, nickname: String, text: String, isPrivate: Bool, askedAt: Date, answer: String?,
        answeredAt: Date?, isHidden: Bool
    ) {
        self.id = id
        self.productID = productID
        self.nickname = nickname
        self.text = text
        self.isPrivate = isPrivate
        self.askedAt = askedAt
        self.answer = answer
        self.answeredAt = answeredAt
        self.isHidden = isHidden
    }
}

/// How many questions a product has that anyone sees, and how many of them wait for an answer.
package struct QuestionCounts: Sendable, Hashable {
    package var total: Int
    package var unanswered: Int

    package init(total: Int, unanswered: Int) {
        self.total = total
        self.unanswered = unanswered
    }
}

/// The questions and answers of every product (`ProductQuestions` keeps the rules).
package protocol ProductQuestionStorage: Sendable {
    /// Adds the question with its password's hash unless its asker (`askerKey`) asked `limit` or more since
    /// `since`: counted and written in one transaction, so parallel questions cannot pass the limit. The new id, or
    /// `nil` when the asker is over the limit.
    func addQuestion(_ question: ProductQuestion, passwordHash: String, askerKey: String, limit: Int, since: Date) async throws -> Int64?
    /// How many questions the asker asked since `since` (a cheap look before the password is hashed).
    func questionsAsked(askerKey: String, since: Date) async throws -> Int
    /// A product's questions that are not hidden, newest first, below the id `before` when given.
    func questions(productID: Int, before: Int64?, limit: Int) async throws -> [ProductQuestion]
    func questionCounts(productID: Int) async throws -> QuestionCounts
    /// One question, hidden or not, and its password's hash.
    func question(id: Int64) async throws -> (question: ProductQuestion, passwordHash: String)?
    /// Writes the answer (replacing an earlier one) where the question is this product's and not hidden; whether it was.
    func answerQuestion(id: Int64, productID: Int, answer: String, at: Date) async throws -> Bool
    /// Removes the question where its password's hash is still `passwordHash`; whether it did.
    func removeQuestion(id: Int64, passwordHash: String) async throws -> Bool
    /// Hides or shows a question again; whether there was one to change.
    func setQuestionHidden(id: Int64, hidden: Bool) async throws -> Bool
    /// The latest questions of all products, hidden ones too, newest first, below `before` when given (the console).
    func recentQuestions(before: Int64?, limit: Int) async throws -> [ProductQuestion]
    /// A deleted product restored under another id takes its questions along.
    func moveQuestions(fromProduct old: Int, toProduct new: Int) async throws
}
