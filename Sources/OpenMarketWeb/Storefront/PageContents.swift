import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// What a content's inputs must tell: the language its texts are in.
protocol ContentInputs: Hashable, Sendable {
    var language: Language { get }
    /// Whether these equal inputs hold the very market answer `other` holds (the same array), so that comparing
    /// them again is cheap.
    func isSame(as other: Self) -> Bool
}

/// What a page shows inside its layout, made from its inputs alone (`ListContent`, `DetailContent`), so that it can
/// be kept with its HTML under those inputs.
protocol PageContent: TemplateObject, Sendable {
    associatedtype Inputs: ContentInputs
    /// Rendered on its own from the page template's content block.
    var fragment: RenderedFragment? { get set }
    /// Lets go of what only the block's render reads, once `fragment` holds it: a kept content then holds no second
    /// copy of it (a list's cards stay in `CardCache`, which is bounded on its own).
    mutating func dropWhatTheFragmentShows()
}

extension PageContent {
    mutating func dropWhatTheFragmentShows() {}
}

/// Page contents kept between requests with their HTML, under the inputs they were made from: the page then renders
/// only its layout around it. A content is a function of its inputs alone, so a kept one is never stale — a changed
/// product changes the market's answer, which is part of the inputs. Past `capacity` contents or `maximumBytes` of
/// HTML the cache starts over.
final class PageContents<Content: PageContent>: Sendable {
    private let kept: BoundedCache<Content.Inputs, KeptContent<Content>>
    private let library: TemplateLibrary
    private let template: String
    private let block: String
    private let make: @Sendable (Content.Inputs, _ isKept: Bool) -> Content

    /// Contents of `block` in `template`'s parent tag, made by `make`, which is told whether the content it makes will
    /// be kept (a content seen once is not).
    init(
        library: TemplateLibrary, template: String, block: String, capacity: Int = 256, maximumBytes: Int = 8 * 1024 * 1024,
        make: @escaping @Sendable (Content.Inputs, _ isKept: Bool) -> Content
    ) {
        kept = BoundedCache(capacity: capacity, maximumBytes: maximumBytes, secondAskWhenBusy: true)
        self.library = library
        self.template = template
        self.block = block
        self.make = make
    }

    var capacity: Int { kept.capacity }

    func content(for inputs: Content.Inputs) -> KeptContent<Content> {
        // Equal inputs that are not the very same (the market read the page again after a write, and it came back
        // unchanged) are compared in full at every lookup: keeping the new ones makes the next lookups cheap again.
        if let found = kept.value(for: inputs, renewingKeyIf: { !$0.isSame(as: inputs) }) {
            return found
        }
        // Content seen once is rendered in its page, not on its own to be kept (see `BoundedCache.admits`).
        let admitted = kept.admits(inputs)
        var content = make(inputs, admitted)
        guard admitted else { return KeptContent(content, isKept: false) }
        // A render error is a programming error: without a fragment the page renders the block and fails there.
        content.fragment = try? library.renderFragment(
            ContentRoot(content: content, texts: inputs.language.strings.templateTexts), block: block, of: template)
        if content.fragment != nil { content.dropWhatTheFragmentShows() }
        let made = KeptContent(content)
        kept.keep(made, bytes: content.fragment?.byteCount ?? 0, for: inputs)
        return made
    }

    /// How many contents are kept (for tests).
    var count: Int { kept.count }

    /// What the content block reads when it is rendered on its own: the content, the texts of its language
    /// (`{{t.…}}`) and the layout's fixed links (`{{layout.newProductPath}}`). Nothing of the visitor is here, so
    /// kept content never carries one visitor's values to another; `PageContentsTests` renders pages both ways
    /// and expects the same bytes.
    private struct ContentRoot: TemplateObject {
        let content: Content
        let texts: TemplateTexts

        func value(forKey key: String) -> TemplateValue? {
            switch key {
            case "t": .object(texts)
            case "layout": .object(PageLayout.FixedLinks())
            default: content.value(forKey: key)
            }
        }
    }
}

/// A page's content held by reference: a page takes a kept one, texts, rows and HTML, without copying them.
final class KeptContent<Content: PageContent>: Sendable {
    let content: Content
    /// False for content made for one request only (not admitted): its page is not kept whole either.
    let isKept: Bool

    init(_ content: Content, isKept: Bool = true) {
        self.content = content
        self.isKept = isKept
    }
}

typealias ListContents = PageContents<ListContent>
typealias DetailContents = PageContents<DetailContent>

extension PageContents where Content == ListContent {
    /// The list page's contents, with their cards kept too: a content seen once uses the cards kept but keeps no
    /// new ones (random list pages spent 8 % of their processor time keeping cards never asked for again).
    convenience init(listsWith library: TemplateLibrary) {
        let cards = CardCache(library: library)
        self.init(library: library, template: ProductListPage.templateName, block: ProductListPage.contentBlock) {
            ListContent($0, cards: cards, keepsNewCards: $1)
        }
    }
}

extension PageContents where Content == DetailContent {
    convenience init(productsWith library: TemplateLibrary) {
        self.init(library: library, template: ProductDetailPage.templateName, block: ProductDetailPage.contentBlock) { inputs, _ in
            DetailContent(inputs)
        }
    }
}

extension ListContent: PageContent {}
extension ListContent.Inputs: ContentInputs {}
extension DetailContent: PageContent {}
extension DetailContent.Inputs: ContentInputs {}
