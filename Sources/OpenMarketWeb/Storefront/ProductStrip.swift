import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// The home page's "최근 본 상품" strip: the products the visitor viewed last that still exist, and a link to
/// the whole list. Its items have no `id`, since the same product may be in the list above them.
struct ProductStrip: Sendable {
    var items: [ProductCard]
    var allURL: String

    /// `nil` when there is nothing to show, so the page leaves the strip out.
    init?(products: [ProductSummary], strings: Strings, format: Formatting) {
        guard !products.isEmpty else { return nil }
        items = products.map { ProductCard($0, format: format, strings: strings) }
        allURL = SiteURL.recent.link
    }
}

extension ProductStrip: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "items": .list(items)
        case "allURL": .text(allURL)
        default: nil
        }
    }
}
