/// Every path of the OpenMarket API (v2 generations), shared by the client that calls them and the server that
/// routes them.
public enum MarketPath: PathTable, Hashable {
    case healthChecker
    case products
    /// A product by id; in the v2b delete step its place holds the token instead (`DELETE /api/products/{token}`).
    case product(PathParameter<Int>)
    /// v2b delete, step one.
    case archived(PathParameter<Int>)
    /// v2a delete, step one.
    case secret(PathParameter<Int>)
    /// v2b delete, step two, as the archived answer spells it.
    case deleteToken(PathParameter<String>)
    /// v2a delete, step two (also accepted for v2b).
    case productToken(PathParameter<Int>, PathParameter<String>)

    public var segments: [PathSegment] {
        switch self {
        case .healthChecker: [.literal("healthChecker")]
        case .products: Self.base
        case .product(let id): Self.base + [.parameter("id", id)]
        case .archived(let id): Self.base + [.parameter("id", id), .literal("archived")]
        case .secret(let id): Self.base + [.parameter("id", id), .literal("secret")]
        // The same parameter name as `.product`: both sit at one place in the path, and a router keeps one name there.
        case .deleteToken(let token): Self.base + [.parameter("id", token)]
        case .productToken(let id, let token): Self.base + [.parameter("id", id), .parameter("token", token)]
        }
    }

    /// The first segment of every API path but the health check.
    public static let root = "api"

    private static let base: [PathSegment] = [.literal(root), .literal("products")]
}
