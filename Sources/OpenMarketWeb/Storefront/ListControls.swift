import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// The list's order and filters as links: each holds the whole list state in its URL and starts again at the first
/// page, so they work without script and a shared link shows the same list.
struct ListControls: Sendable {
    struct Choice: Sendable {
        var label: String
        var url: String
        var isCurrent: Bool
    }

    var sortChoices: [Choice]
    var stockChoice: Choice
    var currencyChoices: [Choice]

    /// `anchor` keeps the toolbar in view after the new list loads, as the view switch does.
    init(query: ListQuery, strings: Strings, anchor: String) {
        let sorts: [(ProductQuery.Sort, String)] = [
            (.newest, strings[.sortNewest]), (.priceAscending, strings[.sortPriceLow]), (.priceDescending, strings[.sortPriceHigh]),
        ]
        sortChoices = sorts.map { sort, label in
            Choice(label: label, url: SiteURL.products(query.with(sort: sort)).link + anchor, isCurrent: query.sort == sort)
        }
        stockChoice = Choice(
            label: strings[.filterInStock], url: SiteURL.products(query.with(inStockOnly: !query.inStockOnly)).link + anchor,
            isCurrent: query.inStockOnly)
        let currencies: [(Currency?, String)] = [(nil, strings[.filterAnyCurrency]), (.krw, strings[.filterKRW]), (.usd, strings[.filterUSD])]
        currencyChoices = currencies.map { currency, label in
            Choice(label: label, url: SiteURL.products(query.with(currency: currency)).link + anchor, isCurrent: query.currency == currency)
        }
    }
}

extension ListControls: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "sortChoices": .list(sortChoices)
        case "stockChoice": .object(stockChoice)
        case "currencyChoices": .list(currencyChoices)
        default: nil
        }
    }
}

extension ListControls.Choice: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": .text(label)
        case "url": .text(url)
        case "isCurrent": .bool(isCurrent)
        default: nil
        }
    }
}
