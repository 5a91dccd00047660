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

    /// Shows the first and last page, two on each side of the current one, and gaps between.
    init(query: ListQuery, lastPage: Int, strings: Strings, format: Formatting) {
        let current = query.page
        let shown = Set([1, lastPage] + Array((current - 2)...(current + 2))).filter { (1...max(lastPage, 1)).contains($0) }.sorted()
        var links: [Link] = []
        var previous = 0
        for number in shown {
            if number - previous > 1 {
                links.append(Link(number: "…", label: "", url: "", isCurrent: false, isGap: true))
            }
            links.append(Link(
                number: format.number(number), label: strings.pageLabel(number),
                url: SiteURL.products(query.with(page: number)).path, isCurrent: number == current, isGap: false))
            previous = number
        }
        self.links = links
        previousURL = current > 1 ? SiteURL.products(query.with(page: current - 1)).path : nil
        nextURL = current < lastPage ? SiteURL.products(query.with(page: current + 1)).path : nil
        loadMoreURL = nextURL
        isNeeded = lastPage > 1
    }
}
