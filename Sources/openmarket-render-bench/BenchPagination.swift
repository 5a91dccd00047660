import OpenMarketTemplating

/// Page links around the current page, as in the web module's `Pagination`.
struct BenchPagination: Sendable {
    struct Link: Sendable {
        var number: String
        var label: String
        var url: String
        var isCurrent: Bool
        var isGap: Bool
    }

    var links: [Link]
    var previousURL: String?
    var nextURL: String?
    var loadMoreURL: String?
    var isNeeded: Bool

    init(current: Int, lastPage: Int) {
        links = (1...lastPage).map {
            Link(number: "\($0)", label: "\($0) 페이지", url: "/products?page=\($0)", isCurrent: $0 == current, isGap: false)
        }
        links.insert(Link(number: "…", label: "", url: "", isCurrent: false, isGap: true), at: lastPage - 1)
        previousURL = current > 1 ? "/products?page=\(current - 1)" : nil
        nextURL = current < lastPage ? "/products?page=\(current + 1)" : nil
        loadMoreURL = nextURL
        isNeeded = lastPage > 1
    }
}

extension BenchPagination: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "links": .list(links)
        case "previousURL": .text(previousURL)
        case "nextURL": .text(nextURL)
        case "loadMoreURL": .text(loadMoreURL)
        case "isNeeded": .bool(isNeeded)
        default: nil
        }
    }
}

extension BenchPagination.Link: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "number": .text(number)
        case "label": .text(label)
        case "url": .text(url)
        case "isCurrent": .bool(isCurrent)
        case "isGap": .bool(isGap)
        default: nil
        }
    }
}
