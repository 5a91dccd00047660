import OpenMarketTemplating
import OpenMarketTexts

/// Numbered page links around the current page, previous/next, and the "load more" link.
struct Pagination: Sendable {
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

    init(query: ListQuery, lastPage: Int, strings: Strings, format: Formatting) {
        self.init(current: query.page, lastPage: lastPage, strings: strings, format: format) { SiteURL.products(query.with(page: $0)).link }
    }

    /// Only "previous" and "next" (and "load more"), for lists paged by key rather than by number.
    init(previousURL: String?, nextURL: String?) {
        links = []
        self.previousURL = previousURL
        self.nextURL = nextURL
        loadMoreURL = nextURL
        isNeeded = previousURL != nil || nextURL != nil
    }

    /// Shows the first and last page, two on each side of the current one, and gaps between.
    init(current: Int, lastPage: Int, strings: Strings, format: Formatting, url: (Int) -> String) {
        let pages = 1...max(lastPage, 1)
        var links: [Link] = []
        var previous = 0
        var previousURL: String?
        var nextURL: String?
        // Seven candidates at most, already in order but for the first and last: no set, no sort.
        for number in [1, current - 2, current - 1, current, current + 1, current + 2, lastPage] where number > previous && pages.contains(number) {
            if number - previous > 1 {
                links.append(Link(number: "…", label: "", url: "", isCurrent: false, isGap: true))
            }
            let link = url(number)
            links.append(Link(number: format.number(number), label: strings.pageLabel(number), url: link, isCurrent: number == current, isGap: false))
            if number == current - 1 { previousURL = link }
            if number == current + 1 && number <= lastPage { nextURL = link }
            previous = number
        }
        self.links = links
        self.previousURL = current > 1 ? previousURL ?? url(current - 1) : nil
        self.nextURL = current < lastPage ? nextURL ?? url(current + 1) : nil
        loadMoreURL = self.nextURL
        isNeeded = lastPage > 1
    }
}

extension Pagination: TemplateObject {
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

extension Pagination.Link: TemplateObject {
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
