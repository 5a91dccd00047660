/// Every path of the first OpenMarket generation (2021): items by page and by id, each with its own password.
///
/// They sit at the root, beside the storefront's pages, and collide with nothing: the storefront says
/// `products`, the v2 API `api`.
public enum V1Path: PathTable, Hashable {
    /// `GET /items/{page}`: twenty items a page, 1-based.
    case items(PathParameter<Int>)
    /// `POST /item`: a new item.
    case newItem
    /// `GET`, `PATCH` and `DELETE /item/{id}`.
    case item(PathParameter<Int>)

    public var segments: [PathSegment] {
        switch self {
        case .items(let page): [.literal("items"), .parameter("page", page)]
        case .newItem: [.literal("item")]
        case .item(let id): [.literal("item"), .parameter("id", id)]
        }
    }

    /// Items on one page of `GET /items/{page}`, as the first generation's server answered.
    public static let itemsPerPage = 20
}
