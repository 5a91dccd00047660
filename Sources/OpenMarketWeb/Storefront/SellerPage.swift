import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// `/sellers/{id}`: a seller's name and products, newest first, paged by key ("이전" and "다음").
struct SellerPage: PageModel {
    static let templateName = "sellers/show"

    var context: PageContext
    var name: String
    var summary: String
    var cards: [ProductCard]
    var listClass: String
    var isEmpty: Bool
    var hasNoProducts: Bool
    /// A page after the last one (a link from before products were deleted): leads back to the first page.
    var isPastTheEnd: Bool
    var firstPageURL: String
    var pagination: Pagination

    init(context: PageContext, page: VendorProductPage) {
        self.context = context
        let id = page.vendor.id
        name = SellerDisplay.name(ofVendor: page.vendor.name)
        summary = context.strings.sellerProductCount(context.format.number(page.total))
        cards = ProductCard.grid(page.products, context: context)
        listClass = ProductCard.listClass(context.visitor.listView)
        isEmpty = page.products.isEmpty
        hasNoProducts = page.products.isEmpty && !page.hasNewer
        isPastTheEnd = page.products.isEmpty && page.hasNewer
        firstPageURL = SiteURL.seller(.value(id)).link
        let newer = page.products.first.map { SiteURL.seller(.value(id), .newerThan($0.id)).link }
        let older = page.products.last.map { SiteURL.seller(.value(id), .olderThan($0.id)).link }
        pagination = Pagination(previousURL: page.hasNewer ? newer : nil, nextURL: page.hasOlder ? older : nil)
    }

    /// `/sellers?name=…`: the products listed here under a nickname (`SellerNames`), newest first; `before` is the
    /// id this page continues below, `next` the id the following page would.
    init(context: PageContext, nickname: String, products: [ProductSummary], before: Int?, next: Int?) {
        self.context = context
        name = nickname
        summary = context.strings[.sellerNamedNote]
        let sellers = Dictionary(products.map { ($0.id, nickname) }, uniquingKeysWith: { first, _ in first })
        cards = ProductCard.grid(products, sellers: sellers, context: context)
        listClass = ProductCard.listClass(context.visitor.listView)
        isEmpty = products.isEmpty
        hasNoProducts = products.isEmpty && before == nil
        isPastTheEnd = products.isEmpty && before != nil
        firstPageURL = SiteURL.sellerNamed(nickname).link
        pagination = Pagination(
            previousURL: before == nil ? nil : firstPageURL, nextURL: next.map { SiteURL.sellerNamed(nickname, before: $0).link })
    }
}

extension SellerPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .text(name)
        case "summary": .text(summary)
        case "cards": .list(cards)
        case "listClass": .text(listClass)
        case "isEmpty": .bool(isEmpty)
        case "hasNoProducts": .bool(hasNoProducts)
        case "isPastTheEnd": .bool(isPastTheEnd)
        case "firstPageURL": .text(firstPageURL)
        case "pagination": .object(pagination)
        default: context.value(forKey: key)
        }
    }
}
