import OpenMarketCore
import OpenMarketTemplating

/// One product in the list or grid.
struct ProductCard: Sendable {
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
    var vendorName: String
    /// When it was listed, as `3일 전`, and the day for `<time datetime>`.
    var listedAgo: String
    var listedISO: String

    init(_ product: ProductSummary, format: Formatting, strings: Strings) {
        id = product.id
        anchor = "p-\(product.id)"
        url = SiteURL.product(.value(product.id)).link
        name = product.name
        thumbnailURL = product.thumbnailURL
        photo = PhotoSources(photoURL: product.thumbnailURL)
        price = PriceBlock(price: product.price, discount: product.discountedPrice, currency: product.currency, format: format, strings: strings)
        stock = StockText(stock: product.stock, format: format, strings: strings)
        vendorName = product.vendorName
        listedAgo = format.relativeDay(product.createdAt)
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
        case "vendorName": .text(vendorName)
        default: nil
        }
    }
}
