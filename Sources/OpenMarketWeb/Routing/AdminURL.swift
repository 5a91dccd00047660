import OpenMarketCore

/// The admin console's URLs, below `/admin`; part of `SiteURL`, so they are registered and linked the same way.
enum AdminURL: Hashable, Sendable {
    case home
    case login(next: String? = nil)
    case logout
    case products(AdminTableQuery = AdminTableQuery())
    case product(PathParameter<Int>)
    case editProduct(PathParameter<Int>)
    case confirmDelete
    case delete
    case history(AdminHistoryQuery = AdminHistoryQuery())
    /// Lists a deleted product again from its delete's history entry (POST).
    case restore(PathParameter<Int>)
    /// A deleted product's photo as kept with its delete's history entry, by its number (1 is the first).
    case keptPhoto(PathParameter<Int>, number: PathParameter<Int>)
    case export(AdminTableQuery = AdminTableQuery())
    /// Questions to sellers, newest first, below the id `before` when given; and hiding one or showing it again (POST).
    case questions(before: Int? = nil)
    case questionVisibility(PathParameter<Int>)

    static let root = "admin"
    /// The session cookie is sent to the console only.
    static let cookiePath = "/" + root

    var segments: [PathSegment] {
        switch self {
        case .home: []
        case .login: [.literal("login")]
        case .logout: [.literal("logout")]
        case .products: [.literal("products")]
        case .product(let id): [.literal("products"), .parameter("id", id)]
        case .editProduct(let id): [.literal("products"), .parameter("id", id), .literal("edit")]
        case .confirmDelete: [.literal("products"), .literal("delete")]
        case .delete: [.literal("products"), .literal("delete"), .literal("confirm")]
        case .history: [.literal("history")]
        case .restore(let event): [.literal("history"), .parameter("id", event), .literal("restore")]
        case .keptPhoto(let event, let number): [.literal("history"), .parameter("id", event), .literal("photos"), .parameter("number", number)]
        case .export: [.literal("export.csv")]
        case .questions: [.literal("questions")]
        case .questionVisibility(let id): [.literal("questions"), .parameter("id", id), .literal("visibility")]
        }
    }

    /// Where sign-in may send someone back to: a console page other than the sign-in page itself.
    static func isReturnTarget(_ link: String) -> Bool {
        let path = String(link.prefix { $0 != "?" && $0 != "#" })
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return CanonicalPath.isCanonical(path) && segments.count >= 3 && segments[1] == root && segments[2] != "login"
    }

    var queryItems: [(String, String)] {
        switch self {
        case .login(let next?): [("next", next)]
        case .products(let table): table.items
        case .history(let query): query.items
        case .export(let table): table.filterItems
        case .questions(let before?): [("before", String(before))]
        default: []
        }
    }
}
