import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// The product cards of list pages, kept between requests with their HTML: a list page shows twenty cards, and
/// building and rendering them was most of its cost, while products change far less often than pages are read.
///
/// A kept card is used only for the very product it was made from — every field of the summary is compared, so a
/// product changed by any writer (this process, another one, a remote market) is made again at once — in the same
/// language, on the same day (a card says `3일 전`) and with the same photo loading. Bounded by `capacity` cards and
/// `maximumBytes` of their HTML, so it stays bounded whatever the market's size.
final class CardCache: Sendable {
    static let capacity = 4_096
    static let maximumBytes = 8 * 1024 * 1024
    /// What a kept card holds besides its HTML, near enough: its summary and its dozen texts.
    static let bytesBesidesHTML = 2_048

    private struct Key: Hashable {
        let id: Int
        let language: Language
        let isLazy: Bool
    }

    private struct Entry {
        let product: ProductSummary
        let seller: String?
        let day: Int
        let card: ListedCard
    }

    private let library: TemplateLibrary
    private let entries = BoundedCache<Key, Entry>(capacity: CardCache.capacity, maximumBytes: CardCache.maximumBytes, secondAskWhenBusy: true)

    init(library: TemplateLibrary) {
        self.library = library
    }

    /// The cards of a list page, in its order; those from `lazyFrom` on load their photo only when scrolled near.
    /// With `keepingNew` false, cards not kept are made for this page alone, and nothing is counted or kept.
    func cards(
        for products: [ProductSummary], sellers: [Int: String] = [:], lazyFrom: Int, language: Language, now: Date = Date(),
        keepingNew: Bool = true
    ) -> [ListedCard] {
        let day = Formatting.dayNumber(now)
        let strings = language.strings
        let format = Formatting(language: language)
        let keys = products.indices.map { Key(id: products[$0].id, language: language, isLazy: $0 >= lazyFrom) }
        let found = entries.values(for: keys)
        var cards: [ListedCard?] = keys.indices.map { index in
            guard let entry = found[index], entry.day == day, entry.product == products[index],
                entry.seller == sellers[products[index].id]
            else { return nil }
            return entry.card
        }
        let missing = cards.indices.filter { cards[$0] == nil }
        let admitted = keepingNew ? entries.admitted(missing.map { keys[$0] }) : missing.map { _ in false }
        var made: [(key: Key, value: Entry, bytes: Int)] = []
        for (index, keeps) in zip(missing, admitted) {
            let seller = sellers[products[index].id]
            var card = ProductCard(products[index], sellerName: seller, format: format, strings: strings, now: now)
            card.isLazy = keys[index].isLazy
            // A card seen once is rendered in its page; one to keep, on its own. A render error is a programming
            // error: without a fragment the page renders the partial and fails there.
            if keeps {
                card.fragment = try? library.renderFragment(
                    ProductCard.FragmentRoot(card: card, texts: strings.templateTexts), template: ProductCard.partial)
            }
            let listed = ListedCard(card)
            cards[index] = listed
            if keeps {
                made.append((keys[index], Entry(product: products[index], seller: seller, day: day, card: listed), Self.bytesBesidesHTML + (card.fragment?.byteCount ?? 0)))
            }
        }
        if !made.isEmpty {
            entries.keep(made)
        }
        return cards.compactMap { $0 }
    }

    /// How many cards are kept (for tests).
    var count: Int { entries.count }
}
