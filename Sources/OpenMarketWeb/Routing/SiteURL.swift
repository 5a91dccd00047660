import OpenMarketCore
import OpenMarketTexts

/// Every URL this server answers, declared once: each case yields the route pattern it is registered under
/// (`SiteURL.product(.key).pattern` is `/products/:id`) and the links pages build (`SiteURL.product(.value(7)).link`).
/// `SiteURLTests` walks every case and proves the two agree.
enum SiteURL: PathTable, Hashable {
    // Storefront
    case home
    case products(ListQuery = ListQuery())
    case product(PathParameter<Int>, photo: Int? = nil)
    case newProduct
    /// A photo kept from an upload form that came back with an error: its preview, for its visitor only.
    case draftPhoto(PathParameter<String>)
    case editProduct(PathParameter<Int>)
    case deleteProduct(PathParameter<Int>)
    case language(PathParameter<Language>, returnTo: String? = nil)
    // The visitor's own lists (cookies, no account) and sellers
    case likeProduct(PathParameter<Int>)
    case likes(page: Int = 1)
    case recent
    case clearRecent
    case seller(PathParameter<Int>, VendorPageStart = .newest)
    // Questions to a product's seller (상품 문의)
    case askQuestion(PathParameter<Int>)
    case question(PathParameter<Int>, PathParameter<Int>)
    /// A private question's words, shown to its asker or the seller after their password.
    case readQuestion(PathParameter<Int>, PathParameter<Int>)
    case answerQuestion(PathParameter<Int>, PathParameter<Int>)
    case deleteQuestion(PathParameter<Int>, PathParameter<Int>)
    /// Products listed here under a seller's nickname, newest first, below the id `before` when given.
    case sellerNamed(String = "", before: Int? = nil)
    // Admin console
    case admin(AdminURL)
    // The embedded market's API
    case api(MarketPath)
    /// The OpenAPI description of the v2 API the listener serves (v2b on the main port, v2a on its own).
    case apiDescription
    /// The first OpenMarket generation's API, at the root beside the pages.
    case v1(V1Path)
    // Files
    case image(PathParameter<String>)
    case asset(Asset)
    // Operations
    /// Prometheus metrics of this process.
    case metrics
    /// 200 when both stores answer, else 503: for a load balancer's health check.
    case readiness

    var segments: [PathSegment] {
        switch self {
        case .home: []
        case .products: [.literal("products")]
        case .product(let id, _): [.literal("products"), .parameter("id", id)]
        case .newProduct: [.literal("products"), .literal("new")]
        case .draftPhoto(let token): [.literal("products"), .literal("new"), .literal("photos"), .parameter("token", token)]
        case .editProduct(let id): [.literal("products"), .parameter("id", id), .literal("edit")]
        case .deleteProduct(let id): [.literal("products"), .parameter("id", id), .literal("delete")]
        case .language(let code, _): [.literal("language"), .parameter("code", code)]
        case .likeProduct(let id): [.literal("products"), .parameter("id", id), .literal("like")]
        case .likes: [.literal("likes")]
        case .recent: [.literal("recent")]
        case .clearRecent: [.literal("recent"), .literal("clear")]
        case .seller(let id, _): [.literal("sellers"), .parameter("id", id)]
        case .askQuestion(let id): [.literal("products"), .parameter("id", id), .literal("questions")]
        case .question(let id, let question): [.literal("products"), .parameter("id", id), .literal("questions"), .parameter("question", question)]
        case .readQuestion(let id, let question): SiteURL.question(id, question).segments + [.literal("read")]
        case .answerQuestion(let id, let question): SiteURL.question(id, question).segments + [.literal("answer")]
        case .deleteQuestion(let id, let question): SiteURL.question(id, question).segments + [.literal("delete")]
        case .sellerNamed: [.literal("sellers")]
        case .admin(let url): [.literal(AdminURL.root)] + url.segments
        case .api(let path): path.segments
        case .apiDescription: [.literal(MarketPath.root), .literal("openapi.json")]
        case .v1(let path): path.segments
        case .image(let file): [.literal("images"), .parameter("file", file)]
        case .metrics: [.literal("metrics")]
        case .readiness: [.literal("ready")]
        case .asset(let asset): asset.segments
        }
    }

    var queryItems: [(String, String)] {
        switch self {
        case .products(let query): query.items
        case .product(_, let photo?): [("photo", String(photo))]
        case .language(_, let returnTo?): [("return", returnTo)]
        case .likes(let page) where page > 1: [("page", String(page))]
        case .seller(_, .olderThan(let id)): [("before", String(id))]
        case .seller(_, .newerThan(let id)): [("after", String(id))]
        case .sellerNamed(let name, let before): [("name", name)] + (before.map { [("before", String($0))] } ?? [])
        case .admin(let url): url.queryItems
        default: []
        }
    }

    /// The link to put in a page: path, query and fragment.
    var link: String {
        // The list's links are most of a list page's links: its path is the same every time.
        if case .products(let query) = self {
            return Self.productsPath + QueryString.encode(query.items)
        }
        // And each card links to its product: digits need no escaping.
        if case .product(.value(let id), photo: nil) = self {
            return Self.productPathPrefix + String(id)
        }
        var link = path + QueryString.encode(queryItems)
        if case .product(_, photo: .some) = self { link += "#gallery" }
        return link
    }

    private static let productsPath = SiteURL.products().path
    private static let productPathPrefix = productsPath + "/"

    /// The path image URLs start with; the store builds them from it.
    static let imagePathPrefix = SiteURL.image(.value("")).path

    /// The API's root and every other path below it: routed only so that they get the API's JSON 404.
    static let apiFallbacks = [RoutePattern(segments: [.literal(MarketPath.root)]), .below([.literal(MarketPath.root)])]

    /// `/items` without a page, and every path below a page or an item: routed only so that they get the first
    /// generation's JSON 404. (`/items/x` and `/item/x` are the routes' own 404s; a catch-all beside their parameter
    /// would be shadowed by it.)
    static let v1Fallbacks = [
        RoutePattern(segments: Array(V1Path.items(.key).segments.dropLast())),
        .below(V1Path.items(.key).segments), .below(V1Path.item(.key).segments),
    ]
}

/// A route that is not a link, such as a catch-all.
struct RoutePattern: PathTable {
    let segments: [PathSegment]

    /// Every path below `base` (`**` matches one segment or more).
    static func below(_ base: some Collection<PathSegment>) -> RoutePattern {
        RoutePattern(segments: Array(base) + [.literal("**")])
    }
}

extension Language: CustomStringConvertible {
    public var description: String { rawValue }
}
