import Foundation
import Hummingbird
import OpenMarketCore
import OpenMarketTexts
import OpenMarketWebState

/// The storefront's two busiest page models, made from public values for targets of this package that render
/// them outside a request (the template engine benchmark). Each is made fresh, with nothing kept, as on a cache miss.
package enum PageModels {
    /// One of a visitor's questions, as the product page lists it.
    package struct Question: Sendable {
        package var nickname: String
        package var text: String
        package var answer: String?

        package init(nickname: String, text: String, answer: String?) {
            self.nickname = nickname
            self.text = text
            self.answer = answer
        }
    }

    package static func productList(
        request: Request, language: Language, query: ListQuery, view: ListView, page: ProductPage, now: Date
    ) -> any PageModel {
        ProductListPage(context: context(request, language, title: "OpenMarket"), query: query, view: view, page: page, now: now)
    }

    package static func productDetail(
        request: Request, language: Language, product: ProductDetail, likedIDs: [Int], productLikes: Int,
        questions: [Question], now: Date
    ) -> any PageModel {
        let shown = questions.enumerated().map { index, question in
            ProductQuestion(
                id: Int64(index + 1), productID: product.id, nickname: question.nickname, text: question.text, isPrivate: false,
                askedAt: now, answer: question.answer, answeredAt: question.answer == nil ? nil : now, isHidden: false)
        }
        let counts = QuestionCounts(total: shown.count, unanswered: shown.filter { $0.answer == nil }.count)
        return ProductDetailPage(
            context: context(request, language, title: product.name), product: product, photo: nil,
            likes: ProductTrail(ProductTrail.likes, ids: likedIDs), productLikes: productLikes, hasSellerPages: true,
            sellerName: product.vendor.name, questions: QuestionSection.Shown(counts: counts, questions: shown), now: now)
    }

    private static func context(_ request: Request, _ language: Language, title: String) -> PageContext {
        var visitor = Visitor()
        visitor.language = language
        visitor.csrfToken = String(repeating: "t", count: 43)
        return PageContext(title: title, request: request, visitor: visitor)
    }
}
