import Foundation
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Questions to sellers behave the same on SQLite and on PostgreSQL, through several instances at once: the limit
/// on new questions is counted with the insert, a delete happens once, a hidden question leaves the product's list.
@Suite("Product questions contract", .timeLimit(.minutes(10)))
struct ProductQuestionContractTests {
    static func question(productID: Int, text: String = "아직 판매 중인가요?", isPrivate: Bool = false, at: Date = Date()) -> ProductQuestion {
        ProductQuestion(
            id: 0, productID: productID, nickname: "궁금한이웃", text: text, isPrivate: isPrivate, askedAt: at, answer: nil, answeredAt: nil,
            isHidden: false)
    }

    @Test(arguments: WebStoreKind.available)
    func questionsSentAtOnceThroughSeveralInstancesNeverPassTheAskersLimit(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let now = Date()
            let since = now.addingTimeInterval(-3_600)
            // Given one asker sending 30 questions at once through three instances, with a limit of 10 an hour
            let ids = try await withThrowingTaskGroup(of: Int64?.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        try await stores[index % 3].storage.addQuestion(
                            Self.question(productID: 7, text: "질문 \(index)", at: now), passwordHash: "hash", askerKey: "asker-a", limit: 10, since: since)
                    }
                }
                var ids: [Int64] = []
                for try await id in group { if let id { ids.append(id) } }
                return ids
            }
            // Then exactly 10 were kept, each under its own id
            #expect(ids.count == 10 && Set(ids).count == 10)
            #expect(try await stores[1].storage.questionsAsked(askerKey: "asker-a", since: since) == 10)
            #expect(try await stores[2].storage.questionCounts(productID: 7) == QuestionCounts(total: 10, unanswered: 10))
            // Another asker is not held by the first one's limit, and questions before the hour do not count.
            #expect(try await stores[0].storage.addQuestion(
                Self.question(productID: 7), passwordHash: "hash", askerKey: "asker-b", limit: 10, since: since) != nil)
            #expect(try await stores[0].storage.questionsAsked(askerKey: "asker-a", since: now.addingTimeInterval(1)) == 0)
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aProductsQuestionsAreListedNewestFirstAnsweredHiddenMovedAndDeletedOnce(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (stores[0].storage, stores[1].storage)
            let since = Date().addingTimeInterval(-3_600)
            var ids: [Int64] = []
            for index in 0..<5 {
                let id = try await one.addQuestion(
                    Self.question(productID: 3, text: "질문 \(index)", isPrivate: index == 4), passwordHash: "hash-\(index)", askerKey: "k\(index)",
                    limit: 10, since: since)
                ids.append(try #require(id))
            }
            _ = try await one.addQuestion(Self.question(productID: 4), passwordHash: "other", askerKey: "k9", limit: 10, since: since)

            let listed = try await two.questions(productID: 3, before: nil, limit: 3)
            #expect(listed.map(\.id) == [ids[4], ids[3], ids[2]])
            #expect(listed[0].isPrivate && listed[0].text == "질문 4", "the store keeps a private question's words; pages leave them out")
            #expect(try await two.questions(productID: 3, before: ids[2], limit: 10).map(\.id) == [ids[1], ids[0]])

            // An answer is the product's own question's only.
            #expect(try await two.answerQuestion(id: ids[0], productID: 3, answer: "네, 판매 중입니다.", at: Date()))
            #expect(try await two.answerQuestion(id: ids[0], productID: 4, answer: "다른 상품", at: Date()) == false)
            let answered = try #require(try await one.question(id: ids[0]))
            #expect(answered.question.answer == "네, 판매 중입니다." && answered.question.answeredAt != nil && answered.passwordHash == "hash-0")
            #expect(try await one.questionCounts(productID: 3) == QuestionCounts(total: 5, unanswered: 4))

            // Hidden by staff: out of the list and the counts, and cannot be answered; shown again, it is back.
            #expect(try await one.setQuestionHidden(id: ids[1], hidden: true))
            #expect(try await two.questions(productID: 3, before: nil, limit: 10).map(\.id).contains(ids[1]) == false)
            #expect(try await two.questionCounts(productID: 3) == QuestionCounts(total: 4, unanswered: 3))
            #expect(try await two.answerQuestion(id: ids[1], productID: 3, answer: "숨김", at: Date()) == false)
            #expect(try await two.recentQuestions(before: nil, limit: 10).map(\.id).contains(ids[1]), "the console sees hidden ones")
            #expect(try await one.setQuestionHidden(id: ids[1], hidden: false))
            #expect(try await one.setQuestionHidden(id: 999_999, hidden: true) == false)

            // Deleted only under the password hash that was checked, and only once of two at once.
            #expect(try await one.removeQuestion(id: ids[2], passwordHash: "wrong") == false)
            let removed = ids[2]
            let removals = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { try await one.removeQuestion(id: removed, passwordHash: "hash-2") }
                group.addTask { try await two.removeQuestion(id: removed, passwordHash: "hash-2") }
                var results: [Bool] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(removals.sorted { !$0 && $1 } == [false, true])
            #expect(try await two.question(id: ids[2]) == nil)

            // A product restored under a new id takes its questions along.
            try await one.moveQuestions(fromProduct: 3, toProduct: 30)
            #expect(try await two.questions(productID: 3, before: nil, limit: 10).isEmpty)
            #expect(try await two.questionCounts(productID: 30).total == 4)
        }
    }
}
