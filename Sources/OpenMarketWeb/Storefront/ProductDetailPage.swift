import OpenMarketCore
import OpenMarketTemplating

/// `/products/{id}`: the gallery, price block, stock and description, and the seller's edit and delete links.
struct ProductDetailPage: PageModel {
    static let templateName = "products/show"

    struct Photo: Sendable {
        var index: Int
        var fullURL: String
        var thumbnailURL: String
        var sources: PhotoSources
        var alt: String
        var linkURL: String
        var isCurrent: Bool
    }

    var context: PageContext
    var id: Int
    var name: String
    var description: String
    var vendorName: String
    /// v1 markets have no vendors: the row is left out rather than shown empty.
    var hasVendor: Bool
    var price: PriceBlock
    var stock: StockText
    var registeredOn: String
    var registeredISO: String
    var registeredAgo: String
    var photos: [Photo]
    var current: Photo?
    var counter: String
    var hasSeveralPhotos: Bool
    /// The photos before and after the current one, round the ends: plain links, so the gallery works without script.
    var previousURL: String?
    var nextURL: String?
    var editURL: String
    var deleteURL: String
    var backURL: String
    /// The like (찜) form, when the page knows the visitor's likes.
    var like: LikeButton?
    /// The seller and a link to their other products; `nil` where the market has no vendors (v1).
    var seller: SellerBlock?

    init(
        context: PageContext, product: ProductDetail, photo requested: Int?, origin: String? = nil, cameFrom list: ListQuery? = nil,
        likes: ProductTrail? = nil, hasSellerPages: Bool = false
    ) {
        let strings = context.strings
        let format = context.format
        self.context = context
        id = product.id
        name = product.name
        description = product.description
        vendorName = product.vendor.name
        hasVendor = !product.vendor.name.isEmpty
        price = PriceBlock(price: product.price, discount: product.discountedPrice, currency: product.currency, format: format, strings: strings)
        stock = StockText(stock: product.stock, format: format, strings: strings)
        registeredOn = format.date(product.createdAt)
        registeredAgo = format.relativeDay(product.createdAt)
        registeredISO = format.isoDay(product.createdAt)
        let count = product.images.count
        let selected = min(max(requested ?? 1, 1), max(count, 1))
        photos = product.images.enumerated().map { offset, image in
            Photo(
                index: offset + 1, fullURL: image.url, thumbnailURL: image.thumbnailURL, sources: PhotoSources(photoURL: image.url),
                alt: strings.photoAlt(name: product.name, index: offset + 1, count: count),
                linkURL: SiteURL.product(.value(product.id), photo: offset + 1).link, isCurrent: offset + 1 == selected)
        }
        current = photos.first { $0.isCurrent }
        counter = count > 0 ? "\(selected) / \(count)" : ""
        hasSeveralPhotos = count > 1
        if count > 1 {
            previousURL = SiteURL.product(.value(product.id), photo: selected == 1 ? count : selected - 1).link
            nextURL = SiteURL.product(.value(product.id), photo: selected == count ? 1 : selected + 1).link
        }
        editURL = SiteURL.editProduct(.value(product.id)).link
        deleteURL = SiteURL.deleteProduct(.value(product.id)).link
        backURL = SiteURL.products(list ?? ListQuery()).link + "#p-\(product.id)"
        like = likes.map { LikeButton(productID: product.id, likes: $0, strings: strings, format: format) }
        seller = SellerBlock(vendor: product.vendor, hasSellerPages: hasSellerPages)
        if let origin {
            let discount = price.hasDiscount ? price.discountRate + " " + price.discountLabel : nil
            let summary = [price.salePrice, discount, stock.text, OpenGraph.excerpt(product.description)]
                .compactMap { $0 }.joined(separator: " · ")
            self.context.layout.openGraph = OpenGraph(product: self, summary: summary, imagePath: product.images.first?.url, origin: origin)
        }
    }
}

extension ProductDetailPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "name": .text(name)
        case "description": .text(description)
        case "vendorName": .text(vendorName)
        case "hasVendor": .bool(hasVendor)
        case "price": .object(price)
        case "stock": .object(stock)
        case "registeredOn": .text(registeredOn)
        case "registeredISO": .text(registeredISO)
        case "registeredAgo": .text(registeredAgo)
        case "photos": .list(photos)
        case "current": .object(current)
        case "counter": .text(counter)
        case "hasSeveralPhotos": .bool(hasSeveralPhotos)
        case "previousURL": .text(previousURL)
        case "nextURL": .text(nextURL)
        case "editURL": .text(editURL)
        case "deleteURL": .text(deleteURL)
        case "backURL": .text(backURL)
        case "like": .object(like)
        case "seller": .object(seller)
        default: context.value(forKey: key)
        }
    }
}

extension ProductDetailPage.Photo: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "index": .int(index)
        case "fullURL": .text(fullURL)
        case "thumbnailURL": .text(thumbnailURL)
        case "sources": .object(sources)
        case "alt": .text(alt)
        case "linkURL": .text(linkURL)
        case "isCurrent": .bool(isCurrent)
        default: nil
        }
    }
}
