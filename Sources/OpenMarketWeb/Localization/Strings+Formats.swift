import OpenMarketCore

/// Texts with values in them. Values are plain strings here; templates escape them when rendering.
extension Strings {
    private var isKorean: Bool { language == .korean }

    func resultRange(total: String, from: String, to: String) -> String {
        isKorean ? "총 \(total)개 중 \(from)–\(to)" : "\(from)–\(to) of \(total)"
    }

    func searchResultCount(query: String, count: String) -> String {
        isKorean ? "‘\(query)’ 검색 결과 \(count)개" : "\(count) results for “\(query)”"
    }

    /// Said beside a search's results when the market could not search and the names were matched here (v1).
    func searchCoverageNotice(_ coverage: ProductPage.SearchCoverage, format: Formatting) -> String? {
        switch coverage {
        case .market:
            nil
        case .namesOfAll(let count):
            isKorean
                ? "이 마켓(OpenMarket v1)은 검색 기능이 없어 상품 \(format.number(count))개의 상품명에서 찾았습니다. 상품 설명은 찾지 않습니다."
                : "This market (OpenMarket v1) cannot search: the names of all \(format.number(count)) products were searched here, "
                    + "not their descriptions."
        case .namesOfNewest(let count):
            isKorean
                ? "이 마켓(OpenMarket v1)은 검색 기능이 없어 최근 상품 \(format.number(count))개의 상품명에서만 찾았습니다. 더 오래된 상품과 상품 설명은 찾지 않습니다."
                : "This market (OpenMarket v1) cannot search: only the names of its newest \(format.number(count)) products were searched here, "
                    + "not older products nor descriptions."
        }
    }

    /// The list's heading when it shows a search: what was searched.
    func searchHeading(query: String) -> String {
        isKorean ? "‘\(query)’ 검색 결과" : "Results for “\(query)”"
    }

    func emptySearchTitle(query: String) -> String {
        isKorean ? "‘\(query)’에 맞는 상품이 없습니다." : "No products match “\(query)”."
    }

    func stockLeft(_ count: String) -> String {
        isKorean ? "\(count)개 남음" : "\(count) left"
    }

    func photoAlt(name: String, index: Int, count: Int) -> String {
        count <= 1 ? name : (isKorean ? "\(name) 사진 \(index)/\(count)" : "\(name), photo \(index) of \(count)")
    }

    func pageLabel(_ number: Int) -> String {
        isKorean ? "\(number)페이지" : "Page \(number)"
    }

    func errorSummary(count: Int) -> String {
        isKorean ? "입력 내용을 확인해 주세요 (\(count)개)" : (count == 1 ? "Please fix 1 problem" : "Please fix \(count) problems")
    }

    func errImageCount(_ count: Int) -> String {
        if count == 0 { return isKorean ? "사진을 1장 이상 골라 주세요 (5장까지)." : "Choose at least one photo (up to 5)." }
        return isKorean ? "사진을 1–5장 선택해 주세요 (지금 \(count)장)." : "Choose 1–5 photos (you chose \(count))."
    }

    /// More photos than a product takes: the first five are kept, the rest left out.
    func errTooManyPhotos(leftOut: Int) -> String {
        isKorean
            ? "사진은 모두 5장까지 등록됩니다. 고른 사진 중 마지막 \(leftOut)장은 넣지 않았습니다. 남은 사진을 확인한 뒤 다시 등록해 주세요."
            : "At most 5 photos can be listed, so the last \(leftOut) you chose \(leftOut == 1 ? "was" : "were") left out. Check the photos, then list again."
    }

    func photoCount(_ count: Int) -> String {
        isKorean ? "사진 \(count)장" : (count == 1 ? "1 photo" : "\(count) photos")
    }

    func keptPhotoAlt(index: Int, count: Int) -> String {
        isKorean ? "보관한 사진 \(index)/\(count)" : "Kept photo \(index) of \(count)"
    }

    func errImageTooLarge(name: String, size: String) -> String {
        isKorean ? "‘\(name)’ 사진이 너무 큽니다 (\(size)). 한 장에 300KB 이하여야 합니다." : "“\(name)” is too large (\(size)); each photo may be at most 300 KB."
    }

    func errImageType(name: String) -> String {
        isKorean ? "‘\(name)’은(는) JPEG, PNG, GIF, WebP, HEIC 사진이 아닙니다." : "“\(name)” is not a JPEG, PNG, GIF, WebP or HEIC photo."
    }

    func errPhotoTooLarge(name: String, size: String) -> String {
        isKorean ? "‘\(name)’ 사진이 너무 큽니다 (\(size)). 한 장에 20MB 이하여야 합니다." : "“\(name)” is too large (\(size)); each photo may be at most 20 MB."
    }

    func errPhotoNotShrunk(name: String) -> String {
        isKorean
            ? "‘\(name)’ 사진을 올릴 수 있는 크기로 줄이지 못했습니다. 다른 사진을 골라 주세요."
            : "“\(name)” could not be made small enough to list. Choose another photo."
    }

    func errPhotoNotProcessed(name: String) -> String {
        isKorean ? "‘\(name)’ 사진을 처리하지 못했습니다. 잠시 후 다시 올려 주세요." : "“\(name)” could not be processed. Please try again shortly."
    }

    func errTooManyAttempts(seconds: Int) -> String {
        isKorean ? "비밀번호를 여러 번 틀렸습니다. \(seconds)초 후에 다시 시도해 주세요." : "Too many wrong passwords. Try again in \(seconds) seconds."
    }

    /// The like form's link to the list, with how many products it holds.
    func likesCount(_ count: String) -> String {
        isKorean ? "찜 목록 \(count)개" : "Your likes: \(count)"
    }

    func likesSummary(_ count: String) -> String {
        isKorean ? "찜한 상품 \(count)개" : "\(count) liked"
    }

    func recentSummary(_ count: String, kept: String) -> String {
        isKorean ? "최근 본 상품 \(count)개 (최대 \(kept)개까지 기록합니다)" : "\(count) viewed (the last \(kept) are kept)"
    }

    func sellerProductCount(_ count: String) -> String {
        isKorean ? "상품 \(count)개" : (count == "1" ? "1 product" : "\(count) products")
    }

    func kilobytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024)KB"
    }
}
