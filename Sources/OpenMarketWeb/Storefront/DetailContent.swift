import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// What the product page shows inside its layout, made from `Inputs` alone — the product, the photo asked for, the
/// list the visitor came from, the language, the day, the like button's state and whether sellers have pages — so that `DetailContents` can keep it, HTML and all, under
/// those inputs: anything new the content shows must come in through `Inputs`, which is the key it is kept under.
struct DetailContent: Sendable {
    struct Inputs: Hashable, Sendable {
        var product: MarketProduct
        var photo: Int?
        var cameFrom: ListQuery?
        var language: Language
        /// The page says how many days ago the product was listed.
        var day: Int
        /// Whether the visitor likes the product and how many they like (the CSRF token is the layout's).
        var like: LikeButton.State?
        /// Whether the seller block links to the seller's page (`/sellers/{id}`).
        var hasSellerPages: Bool
        /// The nickname the product was listed under here (`SellerNames`), if any.
        var sellerName: String?
        /// The questions to the seller as anyone may see them; `nil` when the web store could not say.
        var questions: QuestionSection.Shown?

        init(
            product: ProductDetail, photo: Int?, cameFrom: ListQuery?, language: Language, day: Int, like: LikeButton.State? = nil,
            hasSellerPages: Bool = false, sellerName: String? = nil, questions: QuestionSection.Shown? = nil
        ) {
            self.product = MarketProduct(detail: product)
            self.photo = photo
            self.cameFrom = cameFrom
            self.language = language
            self.day = day
            self.like = like
            self.hasSellerPages = hasSellerPages
            self.sellerName = sellerName
            self.questions = questions
        }

        func isSame(as other: Self) -> Bool {
            product.detail.images.isEmpty || product.sharesImages(with: other.product)
        }
    }

    /// The market's product as a key: hashed by its id, and known equal at once when its photos are the very array
    /// `CachedMarket` handed out before (an array shared is an array unchanged) and its other fields match.
    struct MarketProduct: Hashable, Sendable {
        let detail: ProductDetail

        static func == (lhs: Self, rhs: Self) -> Bool {
            guard lhs.sharesImages(with: rhs) else { return lhs.detail == rhs.detail }
            var left = lhs.detail, right = rhs.detail
            left.images = []
            right.images = []
            return left == right
        }

        /// Whether both hold the very same photos array (an empty one never counts).
        func sharesImages(with other: Self) -> Bool {
            guard !detail.images.isEmpty else { return false }
            return detail.images.withUnsafeBufferPointer { left in
                other.detail.images.withUnsafeBufferPointer { $0.baseAddress == left.baseAddress && $0.count == left.count }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(detail.id)
        }
    }

    struct Photo: Sendable {
        var index: Int
        var fullURL: String
        var thumbnailURL: String
        var sources: PhotoSources
        var alt: String
        var linkURL: String
        var isCurrent: Bool
    }

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
    /// Questions to the seller and the form to ask one.
    var questions: QuestionSection?
    var questionTexts: TemplateTexts

    /// The Open Graph description (price, discount, stock, the start of the description) and main photo; the layout
    /// makes them absolute on the origin of each request.
    var openGraphSummary: String
    var mainPhotoPath: String?
    /// Rendered on its own from `products/show`'s content block (see `DetailContents`).
    var fragment: RenderedFragment?

    init(_ inputs: Inputs) {
        let product = inputs.product.detail
        let requested = inputs.photo
        let list = inputs.cameFrom
        let strings = inputs.language.strings
        let format = Formatting(language: inputs.language)
        let now = Date(timeIntervalSince1970: Double(inputs.day) * 86_400)
        id = product.id
        name = product.name
        description = product.description
        vendorName = inputs.sellerName ?? SellerDisplay.name(ofVendor: product.vendor.name)
        hasVendor = !product.vendor.name.isEmpty
        price = PriceBlock(price: product.price, discount: product.discountedPrice, currency: product.currency, format: format, strings: strings)
        stock = StockText(stock: product.stock, format: format, strings: strings)
        registeredOn = format.date(product.createdAt)
        registeredAgo = format.relativeDay(product.createdAt, now: now)
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
        like = inputs.like.map { LikeButton(productID: product.id, state: $0, strings: strings, format: format) }
        seller = SellerBlock(vendor: product.vendor, nickname: inputs.sellerName, hasSellerPages: inputs.hasSellerPages)
        questions = inputs.questions.map { QuestionSection($0, productID: product.id, language: inputs.language, now: now) }
        questionTexts = inputs.language.questionTexts.templateTexts
        let discount = price.hasDiscount ? price.discountRate + " " + price.discountLabel : nil
        openGraphSummary = [price.salePrice, discount, stock.text, OpenGraph.excerpt(product.description)]
            .compactMap { $0 }.joined(separator: " · ")
        mainPhotoPath = product.images.first?.url
    }
}

extension DetailContent: TemplateObject {
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
        case "questions": .object(questions)
        case "q": .object(questionTexts)
        default: nil
        }
    }

    var renderedFragment: RenderedFragment? { fragment }
}

extension DetailContent.Photo: TemplateObject {
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
