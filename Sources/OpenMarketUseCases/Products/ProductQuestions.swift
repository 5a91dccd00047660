import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore
import OpenMarketWebState

/// Questions to a product's seller (상품 문의): anyone asks with a nickname and a password of their own, the seller
/// answers with the product's password, the asker deletes with theirs; a private question is read only with either.
/// Outcomes are codes; the pages say them in words.
package struct ProductQuestions: Sendable {
    package static let textLengths = 1...500
    package static let answerLengths = 1...1_000
    /// bcrypt reads no further than 72 bytes; a shorter password than 4 guards nothing.
    package static let passwordBytes = 4...72
    /// New questions one address may ask in `askingWindow`.
    package static let askingLimit = 10
    package static let askingWindow: TimeInterval = 3_600
    /// The product page shows this many of the newest; the rest page by id.
    package static let pageSize = 20

    package enum Problem: Error, Sendable, Hashable {
        case nicknameLength, nicknameCharacters
        case textLength, textCharacters
        case passwordLength
        case answerLength
    }

    package enum Refusal: Error, Sendable, Equatable {
        /// What was typed breaks a rule; nothing was written.
        case invalid([Problem])
        /// This address asked `askingLimit` questions within the hour.
        case tooManyQuestions
        case passwordMissing
        case passwordWrong
        case throttled(seconds: Int)
        /// No such question on this product (deleted, or hidden by staff).
        case notFound
        /// This front end cannot prove a seller (remote mode without vendor credentials).
        case writesDisabled
        /// The web store did not answer; nothing was written.
        case unavailable
    }

    package let storage: any ProductQuestionStorage
    package let hasher: SecretHasher
    package let throttle: GuessThrottle
    package let editing: ProductEditing
    /// Staff hiding a question is recorded in the history.
    package let audit: AuditLog

    /// What a buyer typed to ask.
    package struct Asking: Sendable {
        package var nickname: String
        package var text: String
        package var password: String
        package var isPrivate: Bool

        package init(nickname: String, text: String, password: String, isPrivate: Bool) {
            self.nickname = nickname
            self.text = text
            self.password = password
            self.isPrivate = isPrivate
        }
    }

    /// Checks and keeps a new question on `productID` (which the caller found in the market); its id.
    package func ask(_ asking: Asking, productID: Int, client: String, now: Date = Date()) async -> Result<Int64, Refusal> {
        var problems: [Problem] = []
        var nickname = ""
        switch SellerNames.normalized(asking.nickname) {
        case .success(let name): nickname = name
        case .failure(.length): problems.append(.nicknameLength)
        case .failure(.characters): problems.append(.nicknameCharacters)
        }
        let text = Self.paragraphs(asking.text)
        if !Self.textLengths.contains(text.count) {
            problems.append(.textLength)
        } else if Self.hasHiddenCharacters(text) {
            problems.append(.textCharacters)
        }
        if !Self.passwordBytes.contains(asking.password.utf8.count) { problems.append(.passwordLength) }
        guard problems.isEmpty else { return .failure(.invalid(problems)) }

        let askerKey = AdminAccounts.digest(client)
        let since = now.addingTimeInterval(-Self.askingWindow)
        do {
            // A look first, so that an address past its limit costs no bcrypt; the insert decides again.
            guard try await storage.questionsAsked(askerKey: askerKey, since: since) < Self.askingLimit else { return .failure(.tooManyQuestions) }
            let hash = try await hasher.hash(asking.password)
            let question = ProductQuestion(
                id: 0, productID: productID, nickname: nickname, text: text, isPrivate: asking.isPrivate, askedAt: now, answer: nil,
                answeredAt: nil, isHidden: false)
            guard let id = try await storage.addQuestion(question, passwordHash: hash, askerKey: askerKey, limit: Self.askingLimit, since: since)
            else { return .failure(.tooManyQuestions) }
            return .success(id)
        } catch {
            return .failure(.unavailable)
        }
    }

    /// The product page's questions: the newest as anyone may see them, and the counts. `newest` is the first page
    /// of them (`pageSize`), read with the page's other tallies.
    package func shown(productID: Int, newest questions: [ProductQuestion]) async throws -> (counts: QuestionCounts, questions: [ProductQuestion]) {
        // Fewer than a page is all of them: no read of its own on a product page, one only past a page of questions.
        let counts = questions.count < Self.pageSize
            ? QuestionCounts(total: questions.count, unanswered: questions.filter { $0.answer == nil }.count)
            : try await storage.questionCounts(productID: productID)
        return (counts, questions.map(\.shownToEveryone))
    }

    /// One question of the product as anyone may see it; `nil` when it is not there or hidden.
    package func question(_ id: Int64, productID: Int) async throws -> ProductQuestion? {
        guard let found = try await storage.question(id: id), found.question.productID == productID, !found.question.isHidden else { return nil }
        return found.question.shownToEveryone
    }

    /// Who reads a private question.
    package enum Reader: String, Sendable {
        case asker, seller
    }

    /// The whole question, words and answer, for its asker (their password) or the seller (the product's).
    package func read(_ id: Int64, productID: Int, as reader: Reader, password: String, client: String) async -> Result<ProductQuestion, Refusal> {
        let found: (question: ProductQuestion, passwordHash: String)
        switch await lookUp(id, productID: productID) {
        case .success(let question): found = question
        case .failure(let refusal): return .failure(refusal)
        }
        let proof: Result<Void, Refusal>
        switch reader {
        case .asker: proof = await provesAsker(found, password: password, client: client)
        case .seller: proof = await provesSeller(productID: productID, password: password, client: client)
        }
        return proof.map { _ in found.question }
    }

    /// The seller's answer, replacing an earlier one.
    package func answer(_ id: Int64, productID: Int, text typed: String, password: String, client: String, now: Date = Date()) async -> Result<Void, Refusal> {
        let text = Self.paragraphs(typed)
        guard Self.answerLengths.contains(text.count) else { return .failure(.invalid([.answerLength])) }
        guard !Self.hasHiddenCharacters(text) else { return .failure(.invalid([.textCharacters])) }
        switch await lookUp(id, productID: productID) {
        case .failure(let refusal): return .failure(refusal)
        case .success: break
        }
        if case .failure(let refusal) = await provesSeller(productID: productID, password: password, client: client) { return .failure(refusal) }
        do {
            return try await storage.answerQuestion(id: id, productID: productID, answer: text, at: now) ? .success(()) : .failure(.notFound)
        } catch {
            return .failure(.unavailable)
        }
    }

    /// Deletes the question with its asker's password.
    package func delete(_ id: Int64, productID: Int, password: String, client: String) async -> Result<Void, Refusal> {
        let found: (question: ProductQuestion, passwordHash: String)
        switch await lookUp(id, productID: productID) {
        case .success(let question): found = question
        case .failure(let refusal): return .failure(refusal)
        }
        if case .failure(let refusal) = await provesAsker(found, password: password, client: client) { return .failure(refusal) }
        do {
            // Removed only under the hash just checked: one delete of two at once finds nothing left.
            return try await storage.removeQuestion(id: id, passwordHash: found.passwordHash) ? .success(()) : .failure(.notFound)
        } catch {
            return .failure(.unavailable)
        }
    }

    /// The latest questions of every product for staff, private and hidden ones included, newest first.
    package func recent(before: Int64?, limit: Int) async throws -> [ProductQuestion] {
        try await storage.recentQuestions(before: before, limit: limit)
    }

    /// Staff hide a question from every page, or show it again; the history records it under its product.
    package func setHidden(_ id: Int64, hidden: Bool, productName: (Int) async -> String) async -> Result<Void, Refusal> {
        do {
            guard let found = try await storage.question(id: id) else { return .failure(.notFound) }
            guard found.question.isHidden != hidden else { return .success(()) }
            guard try await storage.setQuestionHidden(id: id, hidden: hidden) else { return .failure(.notFound) }
            let productID = found.question.productID
            _ = try? await audit.record(
                actor: .admin, action: .update, productID: productID, productName: await productName(productID),
                changes: [.init(field: "question", old: "#\(id) \(hidden ? "shown" : "hidden")", new: "#\(id) \(hidden ? "hidden" : "shown")")],
                outcome: .success)
            return .success(())
        } catch {
            return .failure(.unavailable)
        }
    }

    private func lookUp(_ id: Int64, productID: Int) async -> Result<(question: ProductQuestion, passwordHash: String), Refusal> {
        do {
            guard let found = try await storage.question(id: id), found.question.productID == productID, !found.question.isHidden else {
                return .failure(.notFound)
            }
            return .success(found)
        } catch {
            return .failure(.unavailable)
        }
    }

    private func provesAsker(_ found: (question: ProductQuestion, passwordHash: String), password: String, client: String) async -> Result<Void, Refusal> {
        guard !password.isEmpty else { return .failure(.passwordMissing) }
        switch await throttle.reserve(client: client, subject: .question(found.question.id)) {
        case .refused(let seconds): return .failure(.throttled(seconds: seconds))
        case .unavailable: return .failure(.unavailable)
        case .guess(let guess):
            let right = await hasher.verify(password, against: found.passwordHash)
            await guess.settle(right ? .right : .wrong)
            return right ? .success(()) : .failure(.passwordWrong)
        }
    }

    private func provesSeller(productID: Int, password: String, client: String) async -> Result<Void, Refusal> {
        switch await editing.provesSeller(productID: productID, password: password, client: client) {
        case .success: .success(())
        case .failure(.passwordMissing): .failure(.passwordMissing)
        case .failure(.passwordWrong): .failure(.passwordWrong)
        case .failure(.throttled(let seconds)): .failure(.throttled(seconds: seconds))
        case .failure(.writesDisabled): .failure(.writesDisabled)
        case .failure: .failure(.unavailable)
        }
    }

    /// The text as kept: line ends made `\n`, spaces at both ends dropped, in Unicode's composed form.
    package static func paragraphs(_ typed: String) -> String {
        typed.precomposedStringWithCanonicalMapping.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Control and format characters (bidirectional overrides, zero-width joiners) other than line ends and tabs.
    package static func hasHiddenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard scalar != "\n", scalar != "\t" else { return false }
            let category = scalar.properties.generalCategory
            return category == .control || category == .format
        }
    }

    package init(storage: any ProductQuestionStorage, hasher: SecretHasher, throttle: GuessThrottle, editing: ProductEditing, audit: AuditLog) {
        self.storage = storage
        self.hasher = hasher
        self.throttle = throttle
        self.editing = editing
        self.audit = audit
    }
}
