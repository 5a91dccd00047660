import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// `/products/{id}`: the gallery, price block, stock, the like button, the seller, the description, and the seller's
/// edit and delete links.
///
/// The layout (with the Open Graph tags on the request's origin and the like form's CSRF token) is rendered for each
/// visitor; what it holds (`DetailContent`) depends only on its inputs and is kept between requests by `DetailContents`.
struct ProductDetailPage: WholePageKeeping {
    static let templateName = "products/show"
    /// The block of the template's parent tag that holds the content.
    static let contentBlock = "content"

    var context: PageContext
    var kept: KeptContent<DetailContent>
    var keptObject: any AnyObject & Sendable { kept }
    var keptFragment: RenderedFragment? { kept.content.fragment }
    var keepsWhole: Bool { kept.isKept }
    var content: DetailContent {
        get { kept.content }
        set { kept = KeptContent(newValue) }
    }

    /// `contents` keeps the content between requests; without it, it is made here.
    init(
        context: PageContext, product: ProductDetail, photo: Int?, origin: String? = nil, cameFrom list: ListQuery? = nil,
        likes: ProductTrail? = nil, productLikes: Int = 0, hasSellerPages: Bool = false, sellerName: String? = nil,
        questions: QuestionSection.Shown? = nil, contents: DetailContents? = nil, now: Date = Date()
    ) {
        self.context = context
        let inputs = DetailContent.Inputs(
            product: product, photo: photo, cameFrom: list, language: self.context.language, day: Formatting.dayNumber(now),
            like: likes.map { LikeButton.State(productID: product.id, likes: $0, productLikes: productLikes) }, hasSellerPages: hasSellerPages,
            sellerName: sellerName, questions: questions)
        kept = contents?.content(for: inputs) ?? KeptContent(DetailContent(inputs))
        if kept.content.like != nil { self.context.layout.tokenForForms.append(LikeButton.formID) }
        if kept.content.questions != nil { self.context.layout.tokenForForms.append(QuestionSection.id) }
        if let origin {
            self.context.layout.openGraph = OpenGraph(
                name: kept.content.name, id: kept.content.id, summary: kept.content.openGraphSummary,
                imagePath: kept.content.mainPhotoPath, origin: origin)
        }
    }
}

extension ProductDetailPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        kept.content.value(forKey: key) ?? context.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { kept.content.fragment }
}
