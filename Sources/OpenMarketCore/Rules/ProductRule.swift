import OpenMarketInput

/// A broken product rule as a code with its parameters, so each layer that shows it to people says it in their
/// language, while the API's JSON keeps an English sentence (`message`). Codable: the front end's history keeps it.
public enum ProductRule: Sendable, Hashable, Codable {
    /// Name length outside `MarketLimits.nameLength`; the length it has.
    case nameLength(Int)
    case nameBlank
    case nameControlCharacters
    case descriptionLength(Int)
    case descriptionBlank
    case descriptionControlCharacters
    /// Price not above 0 or above `MarketLimits.maxPrice`.
    case priceRange
    /// More decimals than the currency has.
    case pricePrecision(Currency)
    case discountNegative
    case discountAbovePrice
    case discountPrecision(Currency)
    case stockRange
    /// Not 1–5 images; the number sent.
    case imageCount(Int)
    /// `thumbnail_id` names an image of another product.
    case thumbnailNotOwn(Int)
    /// Image `position` (1-based) is larger in pixels than `ImageLimits` allow, by its header.
    case imagePixels(position: Int, width: Int, height: Int)
    /// Image part `position` (1-based) holds `count` image files one after the other; a part is one photo.
    case imagesInOnePart(position: Int, count: Int)
    /// An amount with a fraction where the market takes whole units only (a v1 server: prices are integers);
    /// the field is `.price` or `.discountedPrice`.
    case wholeUnitsOnly(OpenMarketError.Field)
    /// A new main photo asked of a market that cannot choose one (a v1 server: the first photo is the main one).
    case mainPhotoFixed

    /// The request field the rule is about.
    public var field: OpenMarketError.Field {
        switch self {
        case .nameLength, .nameBlank, .nameControlCharacters: .name
        case .descriptionLength, .descriptionBlank, .descriptionControlCharacters: .description
        case .priceRange, .pricePrecision: .price
        case .discountNegative, .discountAbovePrice, .discountPrecision: .discountedPrice
        case .stockRange: .stock
        case .imageCount, .imagePixels, .imagesInOnePart: .images
        case .thumbnailNotOwn, .mainPhotoFixed: .thumbnailID
        case .wholeUnitsOnly(let field): field
        }
    }

    /// The API's sentence for it.
    public var message: String {
        switch self {
        case .nameLength(let length):
            "The name must be \(MarketLimits.nameLength.lowerBound)–\(MarketLimits.nameLength.upperBound) characters long (it has \(length))."
        case .nameBlank: "The name must not be only spaces."
        case .nameControlCharacters: "The name must not contain control characters."
        case .descriptionLength(let length):
            "The description must be \(MarketLimits.descriptionLength.lowerBound)–\(MarketLimits.descriptionLength.upperBound) characters long (it has \(length))."
        case .descriptionBlank: "The description must not be only spaces."
        case .descriptionControlCharacters: "The description must not contain control characters."
        case .priceRange: "The price must be greater than 0 and at most \(MarketLimits.maxPrice)."
        case .pricePrecision(let currency): Self.precisionMessage(currency, what: "price")
        case .discountNegative: "The discounted price must not be negative."
        case .discountAbovePrice: "The discounted price must not exceed the price."
        case .discountPrecision(let currency): Self.precisionMessage(currency, what: "discounted price")
        case .stockRange: "The stock must be between 0 and \(MarketLimits.maxStock)."
        case .imageCount(let count):
            "A product needs \(MarketLimits.imageCount.lowerBound)–\(MarketLimits.imageCount.upperBound) images (got \(count))."
        case .thumbnailNotOwn(let id): "thumbnail_id \(id) is not an image of this product."
        case .imagePixels(let position, let width, let height):
            "Image \(position) is \(width) × \(height) pixels; at most \(ImageLimits.maxMegapixels) megapixels and \(ImageLimits.maxSide) pixels a side are accepted."
        case .imagesInOnePart(let position, let count):
            "Image part \(position) holds \(count) image files one after the other; send each photo in its own `images` part. Nothing was stored."
        case .wholeUnitsOnly(let field):
            "The \(field == .discountedPrice ? "discounted price" : "price") must be a whole number: this market has no fractions of a unit."
        case .mainPhotoFixed: "This market keeps the first photo as the main photo; another cannot be chosen."
        }
    }

    private static func precisionMessage(_ currency: Currency, what: String) -> String {
        currency.fractionDigits == 0
            ? "The \(what) in \(currency.rawValue) must be a whole number."
            : "The \(what) in \(currency.rawValue) may have at most \(currency.fractionDigits) decimals."
    }
}
