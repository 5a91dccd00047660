import Hummingbird

/// Every path of the site, used both to register routes and to build links, so the two cannot drift apart.
public enum SiteURL {
    case home
    case healthChecker
    case apiProducts
    case apiProduct(Int)
    case image(String)

    public var path: String {
        switch self {
        case .home: "/"
        case .healthChecker: "/healthChecker"
        case .apiProducts: "/api/products"
        case .apiProduct(let id): "/api/products/\(id)"
        case .image(let fileName): "/images/\(fileName)"
        }
    }

    /// Route patterns, named after the cases whose paths they match.
    enum Route {
        static let home: RouterPath = "/"
        static let healthChecker: RouterPath = "/healthChecker"
        static let apiProducts: RouterPath = "/api/products"
        static let apiProduct: RouterPath = "/api/products/:id"
        static let apiProductArchived: RouterPath = "/api/products/:id/archived"
        static let apiProductSecret: RouterPath = "/api/products/:id/secret"
        static let apiProductToken: RouterPath = "/api/products/:id/:token"
        static let image: RouterPath = "/images/:file"
    }
}
