import OpenMarketCore

/// Texts with values in them. Values are plain strings here; templates escape them when rendering.
extension Strings {
    package func resultRange(total: String, from: String, to: String) -> String {
        filling(.resultRange, ["from": from, "to": to, "total": total])
    }

    package func searchResultCount(query: String, count: String) -> String {
        filling(.searchResultCount, ["count": count, "query": query])
    }

    /// Said beside a search's results when the market could not search and the names were matched here (v1).
    package func searchCoverageNotice(_ coverage: ProductPage.SearchCoverage, format: Formatting) -> String? {
        switch coverage {
        case .market:
            nil
        case .namesOfAll(let count):
            filling(.searchCoverageAll, ["count": format.number(count)])
        case .namesOfNewest(let count):
            filling(.searchCoverageNewest, ["count": format.number(count)])
        }
    }

    /// The list's heading when it shows a search: what was searched.
    package func searchHeading(query: String) -> String {
        filling(.searchHeading, ["query": query])
    }

    package func emptySearchTitle(query: String) -> String {
        filling(.emptySearchTitle, ["query": query])
    }

    package func stockLeft(_ count: String) -> String {
        filling(.stockLeft, ["count": count])
    }

    package func photoAlt(name: String, index: Int, count: Int) -> String {
        count <= 1 ? name : filling(.photoAlt, ["name": name, "index": String(index), "count": String(count)])
    }

    package func pageLabel(_ number: Int) -> String {
        filling(.pageLabel, ["number": "\(number)"])
    }

    package func errorSummary(count: Int) -> String {
        filling(count == 1 ? .errorSummaryOne : .errorSummary, ["count": String(count)])
    }

    package func errImageCount(_ count: Int) -> String {
        count == 0 ? self[.errImageNone] : filling(.errImageCount, ["count": String(count)])
    }

    /// More photos than a product takes: the first five are kept, the rest left out.
    package func errTooManyPhotos(leftOut: Int) -> String {
        filling(leftOut == 1 ? .errTooManyPhotosOne : .errTooManyPhotos, ["leftOut": String(leftOut)])
    }

    package func photoCount(_ count: Int) -> String {
        filling(count == 1 ? .photoCountOne : .photoCount, ["count": String(count)])
    }

    package func keptPhotoAlt(index: Int, count: Int) -> String {
        filling(.keptPhotoAlt, ["count": "\(count)", "index": "\(index)"])
    }

    package func errImageTooLarge(name: String, size: String) -> String {
        filling(.errImageTooLarge, ["name": name, "size": size])
    }

    package func errImageType(name: String) -> String {
        filling(.errImageType, ["name": name])
    }

    package func errPhotoTooLarge(name: String, size: String) -> String {
        filling(.errPhotoTooLarge, ["name": name, "size": size])
    }

    package func errPhotoNotShrunk(name: String) -> String {
        filling(.errPhotoNotShrunk, ["name": name])
    }

    package func errPhotoNotProcessed(name: String) -> String {
        filling(.errPhotoNotProcessed, ["name": name])
    }

    package func errTooManyAttempts(seconds: Int) -> String {
        filling(.errTooManyAttempts, ["seconds": "\(seconds)"])
    }

    /// The like form's link to the list, with how many products it holds.
    package func likesCount(_ count: String) -> String {
        filling(.likesCount, ["count": count])
    }

    package func likesSummary(_ count: String) -> String {
        filling(.likesSummary, ["count": count])
    }

    package func recentSummary(_ count: String, kept: String) -> String {
        filling(.recentSummary, ["count": count, "kept": kept])
    }

    package func sellerProductCount(_ count: String) -> String {
        filling(count == "1" ? .sellerProductCountOne : .sellerProductCount, ["count": count])
    }

    package func kilobytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024)KB"
    }
}
