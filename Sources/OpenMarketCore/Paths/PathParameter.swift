/// A parameter in a URL path: `.key` stands for the placeholder of a route pattern, `.value` for a real link.
///
/// One enum case of a URL table then yields both the pattern a server routes (`/api/products/:id`) and the
/// link a client or a page builds (`/api/products/7`), so the two cannot drift apart.
public enum PathParameter<Value: Sendable & CustomStringConvertible>: Sendable {
    case key
    case value(Value)

    /// The value as it goes into a path, or `nil` for the pattern's placeholder.
    public var text: String? {
        switch self {
        case .key: nil
        case .value(let value): value.description
        }
    }
}

extension PathParameter: Equatable where Value: Equatable {}
extension PathParameter: Hashable where Value: Hashable {}
