import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// `/admin/questions`: the latest questions to sellers, private ones included, and hiding one from every page (or
/// showing it again), recorded in the history.
struct AdminQuestionsController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let questions: ProductQuestions
    let renderer: PageRenderer
    let bodyDeadline: Duration
    let timeZone: TimeZone

    func addRoutes(to console: RouterGroup<Context>) {
        console.get(.admin(.questions()), use: index)
        console.post(.admin(.questionVisibility(.key)), use: visibility)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        let before = FormQuery(request).get("before").flatMap(Int64.init).flatMap { $0 > 0 ? $0 : nil }
        let found = try await questions.recent(before: before, limit: AdminQuestionsPage.perPage + 1)
        let names = await productNames(Set(found.map(\.productID)))
        let texts = context.visitor.language.questionTexts
        let page = AdminQuestionsPage(
            context: PageContext(title: texts[.consoleTitle], request: request, visitor: context.visitor), questions: found, names: names,
            isFirstPage: before == nil, timeZone: timeZone)
        return try renderer.response(page)
    }

    @Sendable func visibility(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        guard let id = PathNumber.positive(context.parameters.get("id")) else { throw HTTPError(.notFound) }
        let hidden: Bool
        switch form["hidden"] {
        case "1": hidden = true
        case "0": hidden = false
        default: throw WebError.badForm("The field hidden must be 1 (hide) or 0 (show again).")
        }
        switch await questions.setHidden(Int64(id), hidden: hidden, productName: { await productNames([$0])[$0] ?? "#\($0)" }) {
        case .success:
            context.logger.info("Question visibility changed", metadata: ["question": "\(id)", "hidden": "\(hidden)"])
            return Redirect.to(SiteURL.admin(.questions()).link + "#question-\(id)")
        case .failure(.notFound):
            throw HTTPError(.notFound)
        case .failure:
            throw OpenMarketError.unavailable(retryAfterSeconds: 5)
        }
    }

    /// The products' names, for the table; a product the market no longer has is named by its number.
    private func productNames(_ ids: Set<Int>) async -> [Int: String] {
        await withTaskGroup(of: (Int, String?).self) { group in
            for id in ids { group.addTask { (id, try? await market.product(id: id).name) } }
            var names: [Int: String] = [:]
            for await (id, name) in group { if let name { names[id] = name } }
            return names
        }
    }
}
