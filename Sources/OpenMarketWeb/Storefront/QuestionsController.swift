import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// Questions to a product's seller: ask (from the product page's form), and one question's page where its asker
/// reads or deletes it and the seller reads or answers it. Plain forms, post → redirect → get, no script needed.
struct QuestionsController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let questions: ProductQuestions
    let renderer: PageRenderer
    let bodyDeadline: Duration

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.post(.askQuestion(.key), use: ask)
        pages.get(.question(.key, .key), use: show)
        pages.post(.readQuestion(.key, .key), use: read)
        pages.post(.answerQuestion(.key, .key), use: answer)
        pages.post(.deleteQuestion(.key, .key), use: delete)
    }

    @Sendable func ask(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        // Only a product that exists takes questions; an unknown one is a 404 like its page.
        let product = try await market.product(id: try context.productID())
        let asking = ProductQuestions.Asking(
            nickname: form["nickname"] ?? "", text: form["text"] ?? "", password: form["password"] ?? "", isPrivate: form["private"] == "1")
        switch await questions.ask(asking, productID: product.id, client: context.clientKey) {
        case .success(let id):
            context.logger.info("Question asked", metadata: ["product": "\(product.id)", "question": "\(id)"])
            return Redirect.to(SiteURL.product(.value(product.id)).link + "#q-\(id)", flash: .questionAsked)
        case .failure(let refusal):
            let texts = context.visitor.language.questionTexts
            var errors = QuestionAskPage.Errors()
            let status: HTTPResponse.Status
            switch refusal {
            case .invalid(let problems):
                for problem in problems {
                    switch problem {
                    case .nicknameLength: errors.nickname = texts[.errNicknameLength]
                    case .nicknameCharacters: errors.nickname = texts[.errNicknameCharacters]
                    case .textLength: errors.text = texts[.errQuestionLength]
                    case .textCharacters: errors.text = texts[.errTextCharacters]
                    case .passwordLength: errors.password = texts[.errPasswordLength]
                    case .answerLength: errors.text = texts[.errAnswerLength]
                    }
                }
                status = .unprocessableContent
            case .tooManyQuestions:
                (errors.notice, status) = (texts[.errTooManyQuestions], .tooManyRequests)
            default:
                (errors.notice, status) = (texts[.errUnavailable], .serviceUnavailable)
            }
            let page = QuestionAskPage(
                context: PageContext(title: texts[.askHeading], request: request, visitor: context.visitor), product: product, asking: asking,
                errors: errors)
            var response = try renderer.response(page, status: status)
            if refusal == .tooManyQuestions { response.headers[.retryAfter] = String(Int(ProductQuestions.askingWindow)) }
            if status == .serviceUnavailable { response.headers[.retryAfter] = "5" }
            return response
        }
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let (product, id) = try await target(context)
        guard let question = try await questions.question(id, productID: product.id) else { throw HTTPError(.notFound) }
        var response = try page(request, context, product: product, question: question)
        response.keepPerVisitor()
        return response
    }

    /// A private question's words, for its asker or the seller: shown in this answer only, never kept.
    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let (product, id) = try await target(context)
        let reader = ProductQuestions.Reader(rawValue: form["as"] ?? "") ?? .asker
        let password = form["password"] ?? ""
        switch await questions.read(id, productID: product.id, as: reader, password: password, client: context.clientKey) {
        case .success(let question):
            var response = try page(request, context, product: product, question: question, isRevealed: true)
            response.headers[.cacheControl] = "no-store"
            return response
        case .failure(let refusal):
            return try await refused(refusal, request, context, product: product, id: id, field: reader)
        }
    }

    @Sendable func answer(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let (product, id) = try await target(context)
        let typed = form["answer"] ?? ""
        switch await questions.answer(id, productID: product.id, text: typed, password: form["password"] ?? "", client: context.clientKey) {
        case .success:
            context.logger.info("Question answered", metadata: ["product": "\(product.id)", "question": "\(id)"])
            return Redirect.to(SiteURL.product(.value(product.id)).link + "#q-\(id)", flash: .questionAnswered)
        case .failure(let refusal):
            return try await refused(refusal, request, context, product: product, id: id, field: .seller, typedAnswer: typed)
        }
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let (product, id) = try await target(context)
        switch await questions.delete(id, productID: product.id, password: form["password"] ?? "", client: context.clientKey) {
        case .success:
            context.logger.info("Question deleted", metadata: ["product": "\(product.id)", "question": "\(id)"])
            return Redirect.to(SiteURL.product(.value(product.id)).link + "#questions", flash: .questionDeleted)
        case .failure(let refusal):
            return try await refused(refusal, request, context, product: product, id: id, field: .asker)
        }
    }

    /// The product (a 404 when the market has none) and the question's id from the path.
    private func target(_ context: Context) async throws -> (ProductDetail, Int64) {
        guard let id = PathNumber.positive(context.parameters.get("question")) else { throw HTTPError(.notFound) }
        return (try await market.product(id: try context.productID()), Int64(id))
    }

    private func page(
        _ request: Request, _ context: Context, product: ProductDetail, question: ProductQuestion, isRevealed: Bool = false,
        errors: QuestionPage.Errors = QuestionPage.Errors(), typedAnswer: String = "", status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let texts = context.visitor.language.questionTexts
        let page = QuestionPage(
            context: PageContext(title: texts[.pageTitle], request: request, visitor: context.visitor), product: product, question: question,
            isRevealed: isRevealed, errors: errors, typedAnswer: typedAnswer)
        return try renderer.response(page, status: status)
    }

    /// The question's page again with the refusal by the form it came from; a question gone is a 404.
    private func refused(
        _ refusal: ProductQuestions.Refusal, _ request: Request, _ context: Context, product: ProductDetail, id: Int64,
        field: ProductQuestions.Reader, typedAnswer: String = ""
    ) async throws -> Response {
        let strings = context.visitor.strings
        let texts = context.visitor.language.questionTexts
        let message: String
        let status: HTTPResponse.Status
        var answerError: String?
        switch refusal {
        case .notFound: throw HTTPError(.notFound)
        case .passwordMissing: (message, status) = (strings[.errPasswordRequired], .unprocessableContent)
        case .passwordWrong: (message, status) = (strings[.errPasswordWrong], .forbidden)
        case .throttled(let seconds): (message, status) = (strings.errTooManyAttempts(seconds: seconds), .tooManyRequests)
        case .invalid(let problems):
            (message, status) = ("", .unprocessableContent)
            answerError = problems.contains(.textCharacters) ? texts[.errTextCharacters] : texts[.errAnswerLength]
        case .writesDisabled: (message, status) = (strings[.writesDisabled], .serviceUnavailable)
        case .tooManyQuestions, .unavailable: (message, status) = (texts[.errUnavailable], .serviceUnavailable)
        }
        var errors = QuestionPage.Errors()
        if answerError != nil {
            errors.answer = answerError
        } else if status == .serviceUnavailable {
            errors.notice = message
        } else if field == .asker {
            errors.askerPassword = message
        } else {
            errors.sellerPassword = message
        }
        // The page shows the question as anyone may see it: a refused password reveals nothing.
        guard let shown = try await questions.question(id, productID: product.id) else { throw HTTPError(.notFound) }
        var response = try page(request, context, product: product, question: shown, errors: errors, typedAnswer: typedAnswer, status: status)
        if case .throttled(let seconds) = refusal { response.headers[.retryAfter] = String(seconds) }
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
