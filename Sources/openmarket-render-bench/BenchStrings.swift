import OpenMarketTemplating

/// The texts a list page shows, as stored properties so that swift-mustache can read them by reflection. The web
/// module's `Strings` has about a hundred more, which only makes reflection slower.
struct BenchStrings: Sendable {
    var siteName = "오픈마켓"
    var skipToContent = "본문으로 건너뛰기"
    var mainNavigation = "주 메뉴"
    var navProducts = "상품"
    var navNewProduct = "상품 등록"
    var languageNavigation = "언어"
    var otherLanguageName = "English"
    var footer = "© OpenMarket"
    var listTitle = "상품 목록"
    var searchLabel = "검색"
    var searchPlaceholder = "상품 이름"
    var searchButton = "검색"
    var viewSwitchLabel = "보기 방식"
    var viewGrid = "격자"
    var viewList = "목록"
    var emptyTitle = "상품이 없습니다"
    var emptyHint = "첫 상품을 등록해 보세요"
    var firstPage = "첫 페이지"
    var showAll = "전체 보기"
    var loadMore = "더 보기"
    var paginationLabel = "페이지"
    var previousPage = "이전"
    var nextPage = "다음"
    var originalPriceLabel = "원래 가격"
    var salePriceLabel = "판매 가격"
    var discountLabel = "할인"
    var soldOut = "품절"
}

extension BenchStrings: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "siteName": .text(siteName)
        case "skipToContent": .text(skipToContent)
        case "mainNavigation": .text(mainNavigation)
        case "navProducts": .text(navProducts)
        case "navNewProduct": .text(navNewProduct)
        case "languageNavigation": .text(languageNavigation)
        case "otherLanguageName": .text(otherLanguageName)
        case "footer": .text(footer)
        case "listTitle": .text(listTitle)
        case "searchLabel": .text(searchLabel)
        case "searchPlaceholder": .text(searchPlaceholder)
        case "searchButton": .text(searchButton)
        case "viewSwitchLabel": .text(viewSwitchLabel)
        case "viewGrid": .text(viewGrid)
        case "viewList": .text(viewList)
        case "emptyTitle": .text(emptyTitle)
        case "emptyHint": .text(emptyHint)
        case "firstPage": .text(firstPage)
        case "showAll": .text(showAll)
        case "loadMore": .text(loadMore)
        case "paginationLabel": .text(paginationLabel)
        case "previousPage": .text(previousPage)
        case "nextPage": .text(nextPage)
        case "originalPriceLabel": .text(originalPriceLabel)
        case "salePriceLabel": .text(salePriceLabel)
        case "discountLabel": .text(discountLabel)
        case "soldOut": .text(soldOut)
        default: nil
        }
    }
}
