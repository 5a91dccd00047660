import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// One product in the list or grid.
///
/// List pages take their cards from `CardCache`, which keeps each card with its HTML rendered from
/// `partials/product-card` (`fragment`): everything a card shows must therefore come from its product, its language,
/// the day and `isLazy`, never from the visitor or the page around it.
struct ProductCard: Sendable {
    static let partial = "partials/product-card"

    var id: Int
    var anchor: String
    var url: String
    var name: String
    var thumbnailURL: String
    var photo: PhotoSources
    /// Cards below the first row load their photo only when scrolled near.
    var isLazy = true
    var price: PriceBlock
    var stock: StockText
    /// The nickname the product was listed under, or its vendor's display name.
    var sellerName: String
    /// When it was listed, as `3일 전`, and the day for `<time datetime>`.
    var listedAgo: String
    var listedISO: String
    /// The card rendered from `partial` on its own, written in its place by the page (see `CardCache`).
    var fragment: RenderedFragment?

    /// `sellerName`: the nickname the product was listed under here, if any; otherwise its vendor is named.
    init(_ product: ProductSummary, sellerName: String? = nil, format: Formatting, strings: Strings, now: Date = Date()) {
        id = product.id
        anchor = "p-\(product.id)"
        url = SiteURL.product(.value(product.id)).link
        name = product.name
        thumbnailURL = product.thumbnailURL
        photo = PhotoSources(photoURL: product.thumbnailURL)
        price = PriceBlock(price: product.price, discount: product.discountedPrice, currency: product.currency, format: format, strings: strings)
        stock = StockText(stock: product.stock, format: format, strings: strings)
        self.sellerName = sellerName ?? SellerDisplay.name(ofVendor: product.vendorName)
        listedAgo = format.relativeDay(product.createdAt, now: now)
        listedISO = format.isoDay(product.createdAt)
    }
}

extension ProductCard: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "listedAgo": .text(listedAgo)
        case "listedISO": .text(listedISO)
        case "id": .int(id)
        case "anchor": .text(anchor)
        case "url": .text(url)
        case "name": .text(name)
        case "thumbnailURL": .text(thumbnailURL)
        case "photo": .object(photo)
        case "isLazy": .bool(isLazy)
        case "price": .object(price)
        case "stock": .object(stock)
        case "sellerName": .text(sellerName)
        default: nil
        }
    }

    var renderedFragment: RenderedFragment? { fragment }

    /// What the card's partial reads when it is rendered on its own: the card, then the texts of its language
    /// (`{{t.…}}`). Any other name the partial might find on a page is absent here, so a card never carries a
    /// visitor's values to another; `CardCacheTests` renders pages both ways and expects the same bytes.
    struct FragmentRoot: TemplateObject {
        let card: ProductCard
        let texts: TemplateTexts

        func value(forKey key: String) -> TemplateValue? {
            key == "t" ? .object(texts) : card.value(forKey: key)
        }
    }
}

/// A card as a page lists it, by reference: a page of kept cards copies no strings, and the renderer holds each
/// card as one pointer rather than copying the struct into a box of its own.
final class ListedCard: TemplateObject, Sendable {
    let card: ProductCard

    init(_ card: ProductCard) {
        self.card = card
    }

    func value(forKey key: String) -> TemplateValue? {
        card.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { card.fragment }
}
