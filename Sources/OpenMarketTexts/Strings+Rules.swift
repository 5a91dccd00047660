import OpenMarketCore
import OpenMarketInput

/// The market's broken rules, said by code in the page's language (the market's own sentences are English).
extension Strings {
    package func message(for rule: ProductRule) -> String {
        switch rule {
        case .nameLength: self[.errNameLength]
        case .nameBlank: self[.errNameBlank]
        case .nameControlCharacters:
            self[.errNameControlCharacters]
        case .descriptionLength: self[.errDescriptionLength]
        case .descriptionBlank: self[.errDescriptionBlank]
        case .descriptionControlCharacters:
            self[.errDescriptionControlCharacters]
        case .priceRange: self[.errPricePositive]
        case .pricePrecision(let currency): currency == .krw ? self[.errPriceWon] : self[.errPriceCents]
        case .discountNegative, .discountAbovePrice: self[.errDiscountRange]
        case .discountPrecision(let currency): currency == .krw ? self[.errPriceWon] : self[.errPriceCents]
        case .stockRange: self[.errStock]
        case .imageCount(let count): errImageCount(count)
        case .thumbnailNotOwn: self[.errThumbnail]
        case .imagePixels(let position, let width, let height):
            filling(.errImagePixels, [
                "position": String(position), "width": String(width), "height": String(height),
                "maxSide": String(ImageLimits.maxSide), "maxMegapixels": String(ImageLimits.maxMegapixels),
            ])
        case .imagesInOnePart(let position, let count):
            filling(.errImagesInOnePart, ["position": String(position), "count": String(count)])
        case .wholeUnitsOnly(let field):
            self[field == .discountedPrice ? .errWholeUnitsDiscount : .errWholeUnitsPrice]
        case .mainPhotoFixed:
            self[.errMainPhotoFixed]
        }
    }

    /// A violation as a form shows it: by its rule when the market named one, else by the field it is about.
    package func message(for violation: OpenMarketError.Violation) -> String {
        violation.rule.map(message(for:)) ?? errMarketRefused(field: violation.field, message: violation.message)
    }
}
