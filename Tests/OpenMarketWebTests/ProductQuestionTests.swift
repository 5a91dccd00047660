import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import NIOHTTP1
import OpenMarketCore
import OpenMarketTexts
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Questions to the seller (상품 문의) through the storefront's plain forms: asked, answered with the product's
/// password, deleted with the asker's, private ones shown to nobody else, and every rule said in words.
@Suite("Product questions", .timeLimit(.minutes(10)))
struct ProductQuestionTests {
    static func askFields(nickname: String = "궁금한이웃", text: String, password: String = "asker-pass", isPrivate: Bool = false) -> [(String, String)] {
        [("nickname", nickname), ("text", text), ("password", password)] + (isPrivate ? [("private", "1")] : [])
    }

    static func questionID(_ response: TestResponse) throws -> Int {
        try #require(response.location?.firstCapture(#"#q-(\d+)$"#).flatMap(Int.init))
    }

    @Test func aQuestionIsAskedAnsweredByTheSellerAndDeletedByItsAskerWithoutScript() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let page = SiteURLs.product(lantern.id)
            var buyer = StorefrontBrowser(client)
            let empty = try await buyer.get(page)
            #expect(empty.text.contains("아직 문의가 없습니다"))
            #expect(empty.text.contains(#"form="question-form""#), "the ask form takes the visitor's token from the layout")

            let asked = try await buyer.post("/products/\(lantern.id)/questions", fields: Self.askFields(text: "배터리는 몇 시간 가나요?\n충전기도 있나요?"))
            #expect(asked.status == .seeOther)
            let id = try Self.questionID(asked)
            let shown = try await buyer.get(page)
            #expect(shown.text.contains("문의를 남겼습니다."))
            #expect(shown.text.contains("<p class=\"question-text\">배터리는 몇 시간 가나요?\n충전기도 있나요?</p>"))
            #expect(shown.text.contains(">문의 1개</a>") && shown.text.contains("답변을 기다리는 문의 1개"))
            #expect(shown.text.contains("<span class=\"question-state\">답변 대기</span>"))

            // The seller answers on the question's page: a wrong password is refused and writes nothing.
            var seller = StorefrontBrowser(client)
            let questionPage = try await seller.get("/products/\(lantern.id)/questions/\(id)")
            #expect(questionPage.status == .ok && questionPage.text.contains("배터리는 몇 시간 가나요?"))
            let wrong = try await seller.post(
                "/products/\(lantern.id)/questions/\(id)/answer", fields: [("password", "not-the-secret"), ("answer", "8시간 갑니다.")])
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains(Language.korean.strings[.errPasswordWrong]))
            #expect(wrong.text.contains(">8시간 갑니다.</textarea>"), "what the seller typed stays")
            #expect(!(try await buyer.get(page)).text.contains("8시간 갑니다."))
            let answered = try await seller.post(
                "/products/\(lantern.id)/questions/\(id)/answer", fields: [("password", TestSupport.vendor.secret), ("answer", "8시간 갑니다. 충전기 포함이에요.")])
            #expect(answered.status == .seeOther)
            let withAnswer = try await buyer.get(page)
            #expect(withAnswer.text.contains("<p class=\"question-answer-label\">판매자 답변</p><p class=\"question-text\">8시간 갑니다. 충전기 포함이에요.</p>"))
            #expect(withAnswer.text.contains("question-state is-answered") && !withAnswer.text.contains("답변을 기다리는 문의"))

            // Only the asker's password deletes it.
            let notTheirs = try await seller.post("/products/\(lantern.id)/questions/\(id)/delete", fields: [("password", TestSupport.vendor.secret)])
            #expect(notTheirs.status == .forbidden)
            let deleted = try await buyer.post("/products/\(lantern.id)/questions/\(id)/delete", fields: [("password", "asker-pass")])
            #expect(deleted.status == .seeOther)
            let after = try await buyer.get(page)
            #expect(after.text.contains("문의를 삭제했습니다.") && after.text.contains("아직 문의가 없습니다"))
            #expect(try await buyer.get("/products/\(lantern.id)/questions/\(id)").status == .notFound)
            // A question is its product's: another product's path does not reach it.
            let other = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            #expect(try await buyer.get("/products/\(other.id)/questions/\(id)").status == .notFound)
        }
    }

    @Test func aPrivateQuestionIsReadOnlyByItsAskerAndTheSellerAndNeverKeptInAPage() async throws {
        let app = try await buildApplication(TestSupport.configuration())
        try await app.stoppableTest(.router) { client in
            let camera = try await MarketProbe.product(named: "Vintage Film Camera", via: client)
            let page = SiteURLs.product(camera.id)
            let secretWords = "제 전화번호는 010-1234-5678 입니다"
            var asker = StorefrontBrowser(client)
            try await asker.get(page)
            let asked = try await asker.post("/products/\(camera.id)/questions", fields: Self.askFields(text: secretWords, isPrivate: true))
            #expect(asked.status == .seeOther)
            let id = try Self.questionID(asked)

            // Nobody's product page holds the words, the asker's own included, however often it is served (kept pages).
            var stranger = StorefrontBrowser(client)
            for browser in [asker, stranger] {
                var browser = browser
                for _ in 0..<3 {
                    let shown = try await browser.get(page)
                    #expect(shown.text.contains("비밀글입니다.") && !shown.text.contains("010-1234-5678"))
                }
            }
            let questionPage = try await stranger.get("/products/\(camera.id)/questions/\(id)")
            #expect(!questionPage.text.contains("010-1234-5678"))

            // A stranger guessing is refused and sees nothing.
            let guessed = try await stranger.post("/products/\(camera.id)/questions/\(id)/read", fields: [("as", "asker"), ("password", "guess")])
            #expect(guessed.status == .forbidden && !guessed.text.contains("010-1234-5678"))
            // The asker and the seller read it, in an answer no cache keeps.
            let byAsker = try await asker.post("/products/\(camera.id)/questions/\(id)/read", fields: [("as", "asker"), ("password", "asker-pass")])
            #expect(byAsker.status == .ok && byAsker.text.contains(secretWords))
            #expect(byAsker.headers[.cacheControl] == "no-store")
            let bySeller = try await stranger.post(
                "/products/\(camera.id)/questions/\(id)/read", fields: [("as", "seller"), ("password", TestSupport.vendor.secret)])
            #expect(bySeller.status == .ok && bySeller.text.contains(secretWords))

            // The seller's answer to a private question is private too.
            let answered = try await stranger.post(
                "/products/\(camera.id)/questions/\(id)/answer", fields: [("password", TestSupport.vendor.secret), ("answer", "문자로 연락드릴게요")])
            #expect(answered.status == .seeOther)
            let shown = try await stranger.get(page)
            #expect(shown.text.contains("question-state is-answered") && !shown.text.contains("문자로 연락드릴게요"))
            let reread = try await asker.post("/products/\(camera.id)/questions/\(id)/read", fields: [("as", "asker"), ("password", "asker-pass")])
            #expect(reread.text.contains("문자로 연락드릴게요"))
        }
    }

    @Test func eachRuleIsSaidByItsFieldAndHostileTextStaysText() async throws {
        let directory = TestSupport.temporaryDirectory()
        let app = try await buildApplication(TestSupport.configuration(dataDirectory: directory))
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            var buyer = StorefrontBrowser(client)
            try await buyer.get(SiteURLs.product(lantern.id))
            let path = "/products/\(lantern.id)/questions"

            let refused = try await buyer.post(path, fields: Self.askFields(nickname: "a", text: String(repeating: "가", count: 501), password: "abc"))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("닉네임은 2~20자로 써 주세요.") && refused.text.contains("문의는 1~500자로 써 주세요."))
            #expect(refused.text.contains("비밀번호는 4자 이상, 72바이트 이하로 정해 주세요."))
            #expect(refused.text.contains(#"aria-invalid="true""#) && !refused.text.contains(#"value="abc""#), "a password is never sent back")
            let hidden = try await buyer.post(path, fields: Self.askFields(text: "안녕\u{202E}하세요"))
            #expect(hidden.status == .unprocessableContent && hidden.text.contains("보이지 않는 제어 문자는 쓸 수 없습니다."))
            let noToken = try await buyer.post(path, fields: [("_csrf", "forged")] + Self.askFields(text: "CSRF"))
            #expect(noToken.status == .forbidden)
            #expect(try await ProductQuestionTests.count(in: directory) == 0, "nothing refused was kept")

            let hostile = "<script>alert(1)</script> https://evil.example/phish"
            let asked = try await buyer.post(path, fields: Self.askFields(nickname: "<b>이웃</b>", text: hostile))
            #expect(asked.status == .seeOther)
            let shown = try await buyer.get(SiteURLs.product(lantern.id))
            #expect(shown.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; https://evil.example/phish"))
            #expect(shown.text.contains("&lt;b&gt;이웃&lt;/b&gt;"))
            #expect(!shown.text.contains("href=\"https://evil.example"), "a link in a question is not made clickable")
            #expect(try await buyer.post("/products/999999/questions", fields: Self.askFields(text: "없는 상품")).status == .notFound)
        }
    }

    @Test("Questions sent at once by one address stop at ten an hour; guesses at a question's password are throttled",
          arguments: ConcurrentEditTests.Store.available)
    func askingLimitAndGuessesHoldUnderParallelRequests(store: ConcurrentEditTests.Store) async throws {
        try await store.withApp { client, browsers in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let opened = try await browsers.send(.GET, SiteURLs.product(lantern.id), cookies: [:])
            var received: [String: String] = [:]
            for header in opened.setCookies {
                guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
                received[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            let cookies = received
            let token = try #require(opened.text.firstCapture(#"name="_csrf" value="([0-9a-f]+)""#))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        try await browsers.send(
                            .POST, "/products/\(lantern.id)/questions", cookies: cookies,
                            form: [("_csrf", token)] + Self.askFields(text: "동시에 보낸 문의 \(index)")).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 303 }.count == 10, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 429 }.count == 6, "\(statuses.sorted())")
            let page = try await browsers.send(.GET, SiteURLs.product(lantern.id), cookies: cookies)
            #expect(page.text.contains(">문의 10개</a>"))

            // Twelve wrong guesses at one question's password at once: a few are checked, the rest wait.
            let id = try #require(page.text.firstCapture(#"id="q-(\d+)""#))
            let guesses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await browsers.send(
                            .POST, "/products/\(lantern.id)/questions/\(id)/delete", cookies: cookies,
                            form: [("_csrf", token), ("password", "wrong-\(index)")]).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(guesses.filter { $0 == 403 }.count <= GuessThrottle.perClientAndSubject.freeMisses, "\(guesses.sorted())")
            #expect(guesses.filter { $0 == 429 }.count >= 12 - GuessThrottle.perClientAndSubject.freeMisses, "\(guesses.sorted())")
            #expect(try await browsers.send(.GET, "/products/\(lantern.id)/questions/\(id)", cookies: cookies).status == 200, "nothing was deleted")
        }
    }

    @Test func aDeletedProductsQuestionsComeBackWithItsRestore() async throws {
        try await ProductRestoreTests.withLiveConsole { client, _ in
            var seller = StorefrontBrowser(client)
            let product = try await ProductRestoreTests.listWithThreePhotos(&seller, via: client)
            var buyer = StorefrontBrowser(client)
            try await buyer.get(SiteURLs.product(product.id))
            let asked = try await buyer.post("/products/\(product.id)/questions", fields: Self.askFields(text: "직거래 가능한가요?"))
            let id = try Self.questionID(asked)
            try await seller.get(SiteURLs.delete(product.id))
            try #require(try await seller.post(SiteURLs.delete(product.id), fields: [("password", "teacup-2024")]).status == .seeOther)
            #expect(try await buyer.get("/products/\(product.id)/questions/\(id)").status == .notFound, "gone with its product")

            var admin = try await AdminClient.signedIn(client)
            let action = try #require(ProductRestoreTests.restoreAction(try await admin.get("/admin/history?product=\(product.id)")))
            try #require(try await admin.post(action, fields: []).status == .seeOther)
            let page = try await buyer.get(SiteURLs.product(product.id))
            #expect(page.text.contains("직거래 가능한가요?") && page.text.contains(">문의 1개</a>"))
            #expect(try await buyer.get("/products/\(product.id)/questions/\(id)").status == .ok)
        }
    }

    @Test func staffSeeEveryQuestionAndHideOneFromEveryPageWithAHistoryEntry() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.router) { client in
            let lantern = try await MarketProbe.product(named: "캠핑용 랜턴", via: client)
            let page = SiteURLs.product(lantern.id)
            var buyer = StorefrontBrowser(client)
            try await buyer.get(page)
            _ = try Self.questionID(try await buyer.post("/products/\(lantern.id)/questions", fields: Self.askFields(text: "비밀 문의 내용", isPrivate: true)))
            let spam = try Self.questionID(try await buyer.post("/products/\(lantern.id)/questions", fields: Self.askFields(text: "광고 문의 스팸")))

            // A visitor cannot reach the console's switch.
            let forged = try await buyer.post("/admin/questions/\(spam)/visibility", fields: [("hidden", "1")])
            #expect(forged.status != .seeOther || forged.location?.hasPrefix("/admin/login") == true, "\(forged.status)")
            #expect(try await buyer.get(page).text.contains("광고 문의 스팸"))

            var admin = try await AdminClient.signedIn(client)
            let list = try await admin.get("/admin/questions")
            #expect(list.text.contains("비밀 문의 내용") && list.text.contains("광고 문의 스팸"), "staff read private questions too")
            #expect(list.text.contains(#"aria-current="page">상품 문의</a>"#))
            let hidden = try await admin.post("/admin/questions/\(spam)/visibility", fields: [("hidden", "1")])
            #expect(hidden.status == .seeOther)
            let without = try await buyer.get(page)
            #expect(!without.text.contains("광고 문의 스팸") && without.text.contains(">문의 1개</a>"))
            #expect(try await buyer.get("/products/\(lantern.id)/questions/\(spam)").status == .notFound)
            #expect(try await admin.get("/admin/questions").text.contains("<tr id=\"question-\(spam)\" class=\"is-hidden\">"))

            let history = try await admin.get("/admin/history?product=\(lantern.id)")
            #expect(history.text.contains(#"data-field="question">상품 문의</span>: <del>#\#(spam) 보임</del> → <ins>#\#(spam) 숨김</ins>"#))
            #expect(try await admin.post("/admin/questions/\(spam)/visibility", fields: [("hidden", "0")]).status == .seeOther)
            #expect(try await buyer.get(page).text.contains("광고 문의 스팸"))
            #expect(try await admin.post("/admin/questions/999999/visibility", fields: [("hidden", "1")]).status == .notFound)
        }
    }

    @Test func everyQuestionTextIsWrittenInBothLanguagesAndReadByItsName() {
        for key in QuestionText.allCases {
            let korean = Language.korean.questionTexts[key]
            let english = Language.english.questionTexts[key]
            #expect(!korean.isEmpty && !english.isEmpty && korean != english, "\(key)")
            #expect(Language.english.questionTexts.templateTexts.value(forKey: key.rawValue) != nil)
        }
        #expect(Language.korean.questionTexts.templateTexts.count == QuestionText.allCases.count)
    }

    static func count(in directory: URL) async throws -> Int {
        let database = try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)
        return try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM productQuestion") ?? -1 }
    }
}
