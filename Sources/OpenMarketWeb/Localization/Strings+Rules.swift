import OpenMarketCore
import OpenMarketInput

/// The market's broken rules, said by code in the page's language (the market's own sentences are English).
extension Strings {
    private var isKoreanText: Bool { language == .korean }

    func message(for rule: ProductRule) -> String {
        switch rule {
        case .nameLength: errNameLength
        case .nameBlank: errNameBlank
        case .nameControlCharacters:
            isKoreanText ? "상품명에 보이지 않는 제어 문자는 쓸 수 없습니다." : "The name cannot contain invisible control characters."
        case .descriptionLength: errDescriptionLength
        case .descriptionBlank: errDescriptionBlank
        case .descriptionControlCharacters:
            isKoreanText ? "상품 설명에 보이지 않는 제어 문자는 쓸 수 없습니다." : "The description cannot contain invisible control characters."
        case .priceRange: errPricePositive
        case .pricePrecision(let currency): currency == .krw ? errPriceWon : errPriceCents
        case .discountNegative, .discountAbovePrice: errDiscountRange
        case .discountPrecision(let currency): currency == .krw ? errPriceWon : errPriceCents
        case .stockRange: errStock
        case .imageCount(let count): errImageCount(count)
        case .thumbnailNotOwn: errThumbnail
        case .imagePixels(let position, let width, let height):
            isKoreanText
                ? "\(position)번째 사진이 너무 큽니다 (\(width)×\(height)). 한 변 \(ImageLimits.maxSide)px, 모두 \(ImageLimits.maxMegapixels)메가픽셀 이하의 사진을 올려 주세요."
                : "Photo \(position) is too large (\(width)×\(height)); photos may be at most \(ImageLimits.maxSide) px a side and \(ImageLimits.maxMegapixels) megapixels."
        case .imagesInOnePart(let position, let count):
            isKoreanText
                ? "\(position)번째 파일에 사진 \(count)장이 이어 붙어 있습니다. 사진은 한 장씩 따로 올려 주세요."
                : "File \(position) holds \(count) photos one after the other; upload each photo as its own file."
        case .wholeUnitsOnly(let field):
            isKoreanText
                ? "이 마켓(OpenMarket v1)은 소수점 없는 금액만 받습니다. \(field == .discountedPrice ? "할인 금액" : "가격")을 정수로 입력해 주세요."
                : "This market (OpenMarket v1) takes whole amounts only; enter the \(field == .discountedPrice ? "discount" : "price") without cents."
        case .mainPhotoFixed:
            isKoreanText
                ? "이 마켓(OpenMarket v1)은 첫 사진이 늘 대표 사진이라 다른 사진을 고를 수 없습니다."
                : "This market (OpenMarket v1) always shows the first photo as the main photo; another cannot be chosen."
        }
    }

    /// A violation as a form shows it: by its rule when the market named one, else by the field it is about.
    func message(for violation: OpenMarketError.Violation) -> String {
        violation.rule.map(message(for:)) ?? errMarketRefused(field: violation.field, message: violation.message)
    }

    var errStorageFull: String {
        isKoreanText
            ? "서버의 저장 공간이 가득 차서 지금은 등록할 수 없습니다. 입력한 내용은 그대로 두었으니 잠시 후 다시 시도해 주세요."
            : "The server is out of storage space, so nothing was saved. What you typed is kept; please try again later."
    }
}
