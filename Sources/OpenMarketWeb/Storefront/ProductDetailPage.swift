import Foundation
import OpenMarketCore
import OpenMarketTemplating

/// `/products/{id}`: the gallery, description, price block, stock and the edit and delete buttons.
///
/// The layout (with the Open Graph tags on the request's origin) is rendered for each visitor; what it holds
/// (`DetailContent`) depends only on its inputs and is kept between requests by `DetailContents`.
struct ProductDetailPage: PageModel {
    static let templateName = "products/show"
    /// The block of the template's parent tag that holds the content.
    static let contentBlock = "content"

    var context: PageContext
    var content: DetailContent

    /// `contents` keeps the content between requests; without it, it is made here.
    init(
        context: PageContext, product: ProductDetail, photo: Int?, origin: String? = nil, cameFrom list: ListQuery? = nil,
        contents: DetailContents? = nil, now: Date = Date()
    ) {
        self.context = context
        let inputs = DetailContent.Inputs(product: product, photo: photo, cameFrom: list, language: context.language, day: Formatting.dayNumber(now))
        content = contents?.content(for: inputs) ?? DetailContent(inputs)
        if let origin {
            self.context.layout.openGraph = OpenGraph(
                name: content.name, id: content.id, summary: content.openGraphSummary, imagePath: content.mainPhotoPath, origin: origin)
        }
    }
}

extension ProductDetailPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        content.value(forKey: key) ?? context.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { content.fragment }
}
