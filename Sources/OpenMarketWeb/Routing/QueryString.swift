import Foundation

/// Query strings for links, encoded the way `FormQuery` reads them back.
enum QueryString {
    static func encode(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var components = URLComponents()
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` would read back as a space.
        return "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }
}
