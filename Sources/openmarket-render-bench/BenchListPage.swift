import OpenMarketTemplating

/// A list page shaped like the web module's `ProductListPage`, with the same names the templates read.
struct BenchListPage: Sendable {
    var layout: BenchLayout
    var t: BenchStrings
    var heading: String
    var searchText: String
    var hasSearch: Bool
    var resultSummary: String
    var searchSummary: String
    var isEmpty: Bool
    var emptyTitle: String
    var emptyHint: String
    var showAllURL: String
    var isPastTheEnd: Bool
    var firstPageURL: String
    var isGrid: Bool
    var listClass: String
    var gridURL: String
    var listURL: String
    var cards: [BenchCard]
    var pagination: BenchPagination
    var view: String
    var perPage: Int
    var formAction: String

    /// Twenty cards on page 2 of 5, a third of them discounted, some sold out or low in stock.
    static func sample(cards count: Int = 20) -> BenchListPage {
        let strings = BenchStrings()
        return BenchListPage(
            layout: BenchLayout(), t: strings, heading: strings.listTitle, searchText: "", hasSearch: false,
            resultSummary: "전체 96개 중 21–40", searchSummary: "", isEmpty: false, emptyTitle: strings.emptyTitle,
            emptyHint: strings.emptyHint, showAllURL: "/products", isPastTheEnd: false, firstPageURL: "/products?page=1",
            isGrid: true, listClass: "view-grid", gridURL: "/products?page=2&view=grid#p-21", listURL: "/products?page=2&view=list#p-21",
            cards: (21..<(21 + count)).map { BenchCard(id: $0, strings: strings) },
            pagination: BenchPagination(current: 2, lastPage: 5), view: "grid", perPage: 20, formAction: "/products")
    }
}

extension BenchListPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "layout": .object(layout)
        case "t": .object(t)
        case "heading": .text(heading)
        case "searchText": .text(searchText)
        case "hasSearch": .bool(hasSearch)
        case "resultSummary": .text(resultSummary)
        case "searchSummary": .text(searchSummary)
        case "isEmpty": .bool(isEmpty)
        case "emptyTitle": .text(emptyTitle)
        case "emptyHint": .text(emptyHint)
        case "showAllURL": .text(showAllURL)
        case "isPastTheEnd": .bool(isPastTheEnd)
        case "firstPageURL": .text(firstPageURL)
        case "isGrid": .bool(isGrid)
        case "listClass": .text(listClass)
        case "gridURL": .text(gridURL)
        case "listURL": .text(listURL)
        case "cards": .list(cards)
        case "pagination": .object(pagination)
        case "view": .text(view)
        case "perPage": .int(perPage)
        case "formAction": .text(formAction)
        default: nil
        }
    }
}
